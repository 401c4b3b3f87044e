/**
 * The constants src/rates.ts states for the operator CLI and the web app's earnings figures, read
 * back from the deployed contract on a real anvil chain: the public constants by a call, and what
 * the contract keeps internal (its basis-point denominator, its day) from what it does with them
 * (the reserve a stake needs under three uplines; a position's term in seconds). A restated or
 * wrong constant in rates.ts fails here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, createWalletClient, http, type Address } from 'viem';
import { networkByChainId, toViemChain } from '../src/chains.ts';
import { localAccounts } from '../src/local-accounts.ts';
import { BPS, DAY_SECONDS, RATE_SCALE, REFERRAL_BPS } from '../src/rates.ts';
import { stakingAbi, stakingLensAbi, usdcAbi } from '../generated/contracts.ts';
import { deployLocal, startAnvil, type LocalChain } from './local-chain.ts';

describe('src/rates.ts against the deployed contract', () => {
  let chain: LocalChain;
  let staking: Address;
  let lens: Address;
  let usdc: Address;
  let pub: ReturnType<typeof createPublicClient>;
  const viemChain = () => toViemChain(networkByChainId(1)!, chain.rpcUrl);
  /** Sends a Staking or USDC call as anvil account `index` and waits for it to succeed. */
  const send = async (
    index: number,
    call: {
      address: Address;
      abi: typeof stakingAbi | typeof usdcAbi;
      functionName: string;
      args: unknown[];
    },
  ) => {
    const wallet = createWalletClient({
      account: localAccounts[index]!,
      chain: viemChain(),
      transport: http(chain.rpcUrl),
    });
    const hash = await wallet.writeContract(call as Parameters<typeof wallet.writeContract>[0]);
    assert.equal((await pub.waitForTransactionReceipt({ hash })).status, 'success');
  };

  before(async () => {
    chain = await startAnvil({ chainId: 1 });
    const deployment = await deployLocal({ rpcUrl: chain.rpcUrl, chainId: 1 });
    ({ staking, stakingLens: lens, usdc } = deployment);
    pub = createPublicClient({ chain: viemChain(), transport: http(chain.rpcUrl) });
  });
  after(async () => {
    await chain?.stop();
  });

  it('RATE_SCALE and REFERRAL_BPS are the contract’s public constants', async () => {
    const read = (
      functionName:
        'RATE_SCALE' | 'REFERRAL_BPS_1' | 'REFERRAL_BPS_2' | 'REFERRAL_BPS_3' | 'REFERRAL_DEPTH',
    ) => pub.readContract({ address: staking, abi: stakingAbi, functionName });
    assert.equal(RATE_SCALE, await read('RATE_SCALE'));
    assert.equal(BigInt(REFERRAL_BPS.length), await read('REFERRAL_DEPTH'));
    assert.deepEqual(
      [...REFERRAL_BPS],
      [await read('REFERRAL_BPS_1'), await read('REFERRAL_BPS_2'), await read('REFERRAL_BPS_3')],
    );
  });

  it('BPS: a stake under three uplines reserves mining plus their shares, as rates.ts computes', async () => {
    // Accounts 1 ← 2 ← 3 under the root (account 0): account 3 has uplines at depths 1, 2, 3.
    const root = localAccounts[0]!.address;
    await send(1, {
      address: staking,
      abi: stakingAbi,
      functionName: 'bindSuperior',
      args: [root],
    });
    for (const i of [2, 3])
      await send(i, {
        address: staking,
        abi: stakingAbi,
        functionName: 'bindSuperior',
        args: [localAccounts[i - 1]!.address],
      });
    const user = localAccounts[3]!.address;
    const amount = 1_234_567_891n; // 1,234.567891 USDC: every share rounds down somewhere
    const [mining, reserve] = await pub.readContract({
      address: lens,
      abi: stakingLensAbi,
      functionName: 'rewardFor',
      args: [user, 0n, amount],
    });
    assert.ok(mining > 0n, 'plan 0 mines');
    const commissions = REFERRAL_BPS.map((bps) => (mining * bps) / BPS);
    assert.equal(
      reserve,
      commissions.reduce((sum, c) => sum + c, mining),
    );
  });

  it('DAY_SECONDS: a position’s term is termDays of them', async () => {
    const user = localAccounts[3]!.address;
    const amount = 150n * 10n ** 6n;
    await send(3, {
      address: usdc,
      abi: usdcAbi,
      functionName: 'approve',
      args: [staking, amount],
    });
    await send(3, { address: staking, abi: stakingAbi, functionName: 'stake', args: [0n, amount] });
    const plan = await pub.readContract({
      address: staking,
      abi: stakingAbi,
      functionName: 'getPlan',
      args: [0n],
    });
    const position = await pub.readContract({
      address: lens,
      abi: stakingLensAbi,
      functionName: 'getPosition',
      args: [user, 0n],
    });
    assert.equal(
      position.endTime - position.startTime,
      BigInt(plan.termDays) * BigInt(DAY_SECONDS),
    );
  });
});
