import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAddress, isAddress } from 'viem';
import { usePendingInvitation } from '../../shared/invitation';
import { exclusive, useTxBusy, useTx } from '../tx';
import { hideLoading, showLoading } from '../../shared/ui/loading';
import { Modal } from '../../shared/ui/Modal';
import { NetworkFeeLine } from '../../shared/ui/NetworkFeeLine';
import { toast } from '../../shared/ui/toast';
import { useNetworkFee } from '../../shared/useNetworkFee';
import { bindCall, bindSteps, checkUpline, type StakeContext } from './stakeFlow';
import { BindSummary } from './StakeSummary';

/**
 * Shown before the first stake of a user without an upline: the invitation address (prefilled
 * from the `code` link parameter, an address or an InviteCode) is bound on chain with bindSuperior.
 */
export function BindDialog(props: { ctx: StakeContext; onClose: () => void; onBound: () => void }) {
  const { t } = useTranslation();
  const { ctx, onClose, onBound } = props;
  // Prefilled from the invite link (an InviteCode is resolved to its address); typing overrides it.
  const invitation = usePendingInvitation();
  const [typed, setUpline] = useState<string | null>(null);
  const upline = typed ?? invitation ?? '';
  const busy = useTxBusy();
  const runTx = useTx();
  const inputId = useId();
  // The fee of binding to the address typed, once it is one. The chain refuses to estimate an
  // upline it would refuse (oneself, outside the tree): the line then says the fee is not known.
  const typedAddress = isAddress(upline.trim()) ? getAddress(upline.trim()) : undefined;
  const fee = useNetworkFee(
    ctx.network,
    ctx.deployment,
    ctx.user,
    typedAddress
      ? { key: ['bind', typedAddress], build: () => bindCall(ctx.deployment, typedAddress) }
      : undefined,
  );

  const submit = async () => {
    const value = upline.trim();
    if (!value) {
      toast(t('bind.errors.empty'));
      return;
    }
    const bound = await exclusive(async () => {
      showLoading(t('loading.querying'));
      let check;
      try {
        check = await checkUpline(ctx, value);
      } catch {
        hideLoading();
        toast(t('toast.queryFailed'));
        return;
      }
      hideLoading();
      if (check === 'invalid') return toast(t('bind.errors.invalid'));
      if (check === 'self') return toast(t('bind.errors.self'));
      if (check === 'notInTree') return toast(t('bind.errors.notInTree'));
      const address = getAddress(value);
      return runTx({
        network: ctx.network,
        user: ctx.user,
        summary: <BindSummary deployment={ctx.deployment} upline={address} />,
        success: 'toast.bindSucceeded',
        failure: 'toast.bindFailed',
        // The stake's own Confirm follows at once: 'Binding succeeded' is a toast, not a card
        // left under that dialog.
        receiptCard: false,
        steps: (tx) => bindSteps(tx, ctx.deployment, address),
      });
    });
    // After the flow has let go of the buttons: the stake that needed the binding goes on.
    if (bound) onBound();
  };

  return (
    <Modal open onClose={onClose} title={t('bind.title')} closeLabel={t('common.close')}>
      <p className="muted">{t('bind.explain')}</p>
      <div className="field">
        <label htmlFor={inputId} className="field__label">
          {t('bind.inviteAddress')}
        </label>
        <input
          id={inputId}
          className="field__input mono"
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder="0x..."
          value={upline}
          onChange={(event) => setUpline(event.target.value)}
        />
      </div>
      <NetworkFeeLine state={fee} waitingFor="address" />
      <div className="button-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={onClose}
          disabled={busy}
        >
          {t('common.cancel')}
        </button>
        <button type="button" className="button" onClick={() => void submit()} disabled={busy}>
          {t('bind.submit')}
        </button>
      </div>
    </Modal>
  );
}
