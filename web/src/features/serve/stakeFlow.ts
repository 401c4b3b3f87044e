import type { NetworkInfo } from '@app/contracts/chains';
import { permitTypedData } from '@app/contracts/permit';
import { isAddress, parseSignature, zeroAddress, type Address, type PublicClient } from 'viem';
import type { Config } from 'wagmi';
import { publicClientFor } from '../../shared/chain/client';
import { contractCall, type ChainDeployment } from '../../shared/contracts';
import {
  approveExactly,
  isContractAccount,
  payInOneConfirmation,
  type PaymentToEstimate,
  type TxSteps,
} from '../tx';
import { expectedInclusionSeconds } from './earnings';
import { outsideReferralTree } from './validation';

export interface StakeContext {
  config: Config;
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: Address;
}

/** Permit signatures are valid for 20 minutes. */
export const PERMIT_TTL_SECONDS = 20 * 60;

/** outsideReferralTree, read from the chain now (the upline is the zero address when none). */
export async function needsUpline({
  config,
  network,
  deployment,
  user,
}: StakeContext): Promise<boolean> {
  const client = publicClientFor(config, network.chainId);
  const [superior, root] = await Promise.all([
    client.readContract(
      contractCall(deployment, { contract: 'staking', functionName: 'getSuperior', args: [user] }),
    ),
    client.readContract(contractCall(deployment, { contract: 'staking', functionName: 'root' })),
  ]);
  const hasUpline = Boolean(superior) && superior.toLowerCase() !== zeroAddress;
  return outsideReferralTree(hasUpline, user, root);
}

export type UplineCheck = 'ok' | 'invalid' | 'self' | 'notInTree';

/** Checks an invitation address before asking the wallet: format, not oneself, already in the tree. */
export async function checkUpline(ctx: StakeContext, upline: string): Promise<UplineCheck> {
  if (!isAddress(upline)) return 'invalid';
  if (upline.toLowerCase() === ctx.user.toLowerCase()) return 'self';
  const inTree = await publicClientFor(ctx.config, ctx.network.chainId).readContract(
    contractCall(ctx.deployment, { contract: 'staking', functionName: 'isInTree', args: [upline] }),
  );
  return inTree ? 'ok' : 'notInTree';
}

/** The bindSuperior(upline) call: what is sent, and what the bind dialog's fee is estimated for. */
export const bindCall = (deployment: ChainDeployment, upline: Address) =>
  contractCall(deployment, { contract: 'staking', functionName: 'bindSuperior', args: [upline] });

/** bindSuperior(upline) from the user's wallet ('Binding'). */
export async function bindSteps(tx: TxSteps, deployment: ChainDeployment, upline: Address) {
  await tx.send('loading.binding', () => tx.wallet.writeContract(bindCall(deployment, upline)));
}

/**
 * Whether a stake that is not batched signs the token's EIP-2612 permit: the token has one and the
 * user's account is a key. USDC checks a permit with ecrecover against the owner, which a contract
 * account (a Safe, a smart wallet) cannot satisfy: it takes the approve path (issue 18 §4).
 */
export async function usesPermit(ctx: StakeContext): Promise<boolean> {
  if (!ctx.deployment.usdcHasPermit) return false;
  const client = publicClientFor(ctx.config, ctx.network.chainId);
  return !(await isContractAccount(client, ctx.user));
}

/** `stake(planId, amount)`: what Stake sends (after its approval), and what its fee estimates. */
export const stakeCall = (deployment: ChainDeployment, planId: number, amount: bigint) =>
  contractCall(deployment, {
    contract: 'staking',
    functionName: 'stake',
    args: [BigInt(planId), amount],
  });

/**
 * The stake as a payment to estimate (usePaymentFee): the form and the Confirm summary share its
 * query key, so the figure the form has is the one Confirm shows.
 */
export const stakePayment = (
  deployment: ChainDeployment,
  planId: number,
  amount: bigint,
): PaymentToEstimate => ({
  key: ['stake', planId, amount.toString()],
  call: stakeCall(deployment, planId, amount),
  amount,
});

/**
 * Stakes `amount` into `planId`. A wallet that batches atomically gets the exact approval and the
 * stake as one confirmation ('Paying'; features/tx/batch.ts). Otherwise, with `permit` (usesPermit): a
 * permit for exactly `amount` ('Authorizing'), then stakeWithPermit ('Paying'). Otherwise: approve exactly `amount` if the
 * allowance is short ('Authorizing', receipt awaited), then stake ('Paying'). Never unlimited.
 */
export async function stakeSteps(
  tx: TxSteps,
  ctx: StakeContext,
  planId: number,
  amount: bigint,
  permit: boolean,
): Promise<void> {
  const { network, deployment, user } = ctx;
  const stake = stakeCall(deployment, planId, amount);
  const batched = await payInOneConfirmation(tx, {
    token: deployment.usdc,
    spender: deployment.staking,
    amount,
    payment: stake,
    labelKey: 'loading.paying',
  });
  if (batched) return;
  if (permit) {
    // The domain is the one the deployment recorded from contracts/config/networks.json; never a
    // guessed default (USDC on Ethereum signs with version "2", and has no eip712Domain() to ask).
    const { usdcPermitName: name, usdcPermitVersion: version } = deployment;
    if (name === null || version === null) {
      throw new Error('the deployment says the USDC has a permit but records no permit domain');
    }
    // The chain checks the deadline against its own clock: counted from the later of this
    // device's clock and the chain's, a device behind the chain does not sign a permit that
    // has already expired there (the stake would be refused as PermitFailed).
    const latest = await tx.client.getBlock();
    const deadline = BigInt(
      expectedInclusionSeconds(Date.now(), Number(latest.timestamp)) + PERMIT_TTL_SECONDS,
    );
    const nonce = await tx.client.readContract(
      contractCall(deployment, { contract: 'usdc', functionName: 'nonces', args: [user] }),
    );
    const signature = await tx.sign('loading.authorizing', () =>
      tx.wallet.signTypedData({
        account: user,
        ...permitTypedData({
          token: deployment.usdc,
          name,
          version,
          chainId: network.chainId,
          owner: user,
          spender: deployment.staking,
          value: amount,
          nonce,
          deadline,
        }),
      }),
    );
    const { r, s, v, yParity } = parseSignature(signature);
    const vByte = v !== undefined ? Number(v) : 27 + yParity;
    await tx.send('loading.paying', () =>
      tx.wallet.writeContract(
        contractCall(deployment, {
          contract: 'staking',
          functionName: 'stakeWithPermit',
          args: [BigInt(planId), amount, deadline, vByte, r, s],
        }),
      ),
    );
    return;
  }

  await approveExactly(tx, deployment.usdc, deployment.staking, amount);
  await tx.send('loading.paying', () => tx.wallet.writeContract(stake));
}

/** The withdrawPrincipal(id) call: what is sent, and what its confirm dialog's fee is for. */
export const withdrawPrincipalCall = (deployment: ChainDeployment, positionId: number) =>
  contractCall(deployment, {
    contract: 'staking',
    functionName: 'withdrawPrincipal',
    args: [BigInt(positionId)],
  });

/** withdrawPrincipal(id): the position's principal straight to the user's wallet. */
export async function withdrawPrincipalSteps(
  tx: TxSteps,
  deployment: ChainDeployment,
  positionId: number,
): Promise<void> {
  await tx.send('tx.stage.withdrawing', () =>
    tx.wallet.writeContract(withdrawPrincipalCall(deployment, positionId)),
  );
}

/**
 * The end time the chain stored for the user's newest position (the stake just mined), for the
 * receipt card: the real "withdrawable from", not the one predicted before sending.
 */
export async function newestPositionEnd(
  client: PublicClient,
  deployment: ChainDeployment,
  user: Address,
): Promise<number | undefined> {
  const positions = await client.readContract(
    contractCall(deployment, { contract: 'lens', functionName: 'getPositions', args: [user] }),
  );
  const newest = positions.at(-1);
  return newest ? Number(newest.endTime) : undefined;
}
