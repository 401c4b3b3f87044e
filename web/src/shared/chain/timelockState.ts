/**
 * A timelocked parameter change (Staking.queueParam → executeParam) as people should read it:
 * 'queued' until its eta (it applies from then at the earliest), 'executable' from the eta for
 * TIMELOCK_GRACE, 'expired' after that (executeParam reverts with ChangeExpired: it will never apply
 * unless the owner queues it again, so it must not be shown as "applies from").
 */
export type ChangeState = 'queued' | 'executable' | 'expired';

export function changeState(eta: number, graceSeconds: number, nowSeconds: number): ChangeState {
  if (nowSeconds < eta) return 'queued';
  return nowSeconds <= eta + graceSeconds ? 'executable' : 'expired';
}
