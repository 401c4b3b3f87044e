import type { NetworkInfo } from '@app/contracts/chains';
import { permitTypedData } from '@app/contracts/permit';
import { isAddress, parseSignature, zeroAddress, type Address } from 'viem';
import type { Config } from 'wagmi';
import { stakingAbi, usdcAbi, type ChainDeployment } from '../../shared/contracts';
import { stage, waitForSuccess } from '../../shared/tx';
import { walletClientOn } from '../../shared/wallet/client';
import { publicClientFor } from './useServeData';

export interface StakeContext {
  config: Config;
  network: NetworkInfo;
  deployment: ChainDeployment;
  user: Address;
}

/** Permit signatures are valid for 20 minutes. */
export const PERMIT_TTL_SECONDS = 20 * 60;

/** True when the user has no upline on chain (zero address) and is not the founding (root) address. */
export async function needsUpline({
  config,
  network,
  deployment,
  user,
}: StakeContext): Promise<boolean> {
  const client = publicClientFor(config, network.chainId);
  const [superior, root] = await Promise.all([
    client.readContract({
      address: deployment.staking,
      abi: stakingAbi,
      functionName: 'getSuperior',
      args: [user],
    }),
    client.readContract({ address: deployment.staking, abi: stakingAbi, functionName: 'root' }),
  ]);
  const none = !superior || superior.toLowerCase() === zeroAddress;
  return none && user.toLowerCase() !== root.toLowerCase();
}

export type UplineCheck = 'ok' | 'invalid' | 'self' | 'notInTree';

/** Checks an invitation address before asking the wallet: format, not oneself, already in the tree. */
export async function checkUpline(ctx: StakeContext, upline: string): Promise<UplineCheck> {
  if (!isAddress(upline)) return 'invalid';
  if (upline.toLowerCase() === ctx.user.toLowerCase()) return 'self';
  const inTree = await publicClientFor(ctx.config, ctx.network.chainId).readContract({
    address: ctx.deployment.staking,
    abi: stakingAbi,
    functionName: 'isInTree',
    args: [upline],
  });
  return inTree ? 'ok' : 'notInTree';
}

/** Sends bindSuperior(upline) from the user's wallet and waits for it ('Binding'). */
export async function bindUpline(ctx: StakeContext, upline: Address): Promise<void> {
  const wallet = await walletClientOn(ctx.config, ctx.network, ctx.user);
  const client = publicClientFor(ctx.config, ctx.network.chainId);
  await stage('loading.binding', async () => {
    const hash = await wallet.writeContract({
      address: ctx.deployment.staking,
      abi: stakingAbi,
      functionName: 'bindSuperior',
      args: [upline],
    });
    await waitForSuccess(client, hash);
  });
}

/**
 * Stakes `amount` into `planId`. With an EIP-2612 token: a permit for exactly `amount`
 * ('Authorizing'), then stakeWithPermit ('Paying'). Otherwise: approve exactly `amount` if the
 * allowance is short ('Authorizing', receipt awaited), then stake ('Paying'). Never unlimited.
 */
export async function stakeFlow(ctx: StakeContext, planId: number, amount: bigint): Promise<void> {
  const { config, network, deployment, user } = ctx;
  const wallet = await walletClientOn(config, network, user);
  const client = publicClientFor(config, network.chainId);

  if (deployment.usdcHasPermit) {
    const deadline = BigInt(Math.floor(Date.now() / 1000) + PERMIT_TTL_SECONDS);
    const signature = await stage('loading.authorizing', async () => {
      const nonce = await client.readContract({
        address: deployment.usdc,
        abi: usdcAbi,
        functionName: 'nonces',
        args: [user],
      });
      return wallet.signTypedData({
        account: user,
        ...permitTypedData({
          token: deployment.usdc,
          name: deployment.usdcPermitName ?? '',
          version: deployment.usdcPermitVersion ?? '1',
          chainId: network.chainId,
          owner: user,
          spender: deployment.staking,
          value: amount,
          nonce,
          deadline,
        }),
      });
    });
    const { r, s, v, yParity } = parseSignature(signature);
    const vByte = v !== undefined ? Number(v) : 27 + yParity;
    await stage('loading.paying', async () => {
      const hash = await wallet.writeContract({
        address: deployment.staking,
        abi: stakingAbi,
        functionName: 'stakeWithPermit',
        args: [BigInt(planId), amount, deadline, vByte, r, s],
      });
      await waitForSuccess(client, hash);
    });
    return;
  }

  const allowance = await client.readContract({
    address: deployment.usdc,
    abi: usdcAbi,
    functionName: 'allowance',
    args: [user, deployment.staking],
  });
  if (allowance < amount) {
    await stage('loading.authorizing', async () => {
      const hash = await wallet.writeContract({
        address: deployment.usdc,
        abi: usdcAbi,
        functionName: 'approve',
        args: [deployment.staking, amount],
      });
      await waitForSuccess(client, hash);
    });
  }
  await stage('loading.paying', async () => {
    const hash = await wallet.writeContract({
      address: deployment.staking,
      abi: stakingAbi,
      functionName: 'stake',
      args: [BigInt(planId), amount],
    });
    await waitForSuccess(client, hash);
  });
}
