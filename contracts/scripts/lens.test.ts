/**
 * `readAllPlans` (src/lens.ts) against a real lens with more plans than one `getPlans` page holds:
 * what the CLI's plan:list and the app's plan list read.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPublicClient, createWalletClient, http } from 'viem';
import { networkByChainId, toViemChain } from '../src/chains.ts';
import { localAccounts } from '../src/local-accounts.ts';
import { readAllPlans } from '../src/lens.ts';
import { deployments, stakingAbi } from '../generated/contracts.ts';
import { deployLocal, startAnvil, type LocalChain } from './local-chain.ts';

describe('readAllPlans', () => {
  let chain: LocalChain;
  before(async () => {
    chain = await startAnvil({ chainId: 1 });
    await deployLocal({ rpcUrl: chain.rpcUrl, chainId: 1 });
  });
  after(async () => {
    await chain?.stop();
  });

  it('reads every plan, in id order, past one page', async () => {
    const d = deployments.local[1]!;
    const viemChain = toViemChain(networkByChainId(1)!, chain.rpcUrl);
    const pub = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) });
    const owner = createWalletClient({
      account: localAccounts[0]!,
      chain: viemChain,
      transport: http(chain.rpcUrl),
    });
    const before = await pub.readContract({
      address: d.staking,
      abi: stakingAbi,
      functionName: 'planCount',
    });
    // Plan k opened here has a term of k+1 days, so the list shows whether each one came back once
    // and in place. Pages of 4 (the lens's own largest page, 500, is StakingLensPaging.t.sol's)
    // over the local plans and 10 more: several full pages and a part.
    const added = 10;
    const now = (await pub.getBlock()).timestamp;
    for (let k = 0; k < added; k++) {
      const hash = await owner.writeContract({
        address: d.staking,
        abi: stakingAbi,
        functionName: 'createPlan',
        args: [k + 1, 10n ** 12n, 10n ** 12n, now, now + 86_400n],
      });
      assert.equal((await pub.waitForTransactionReceipt({ hash })).status, 'success');
    }
    const total = before + BigInt(added);
    assert.equal(
      await pub.readContract({ address: d.staking, abi: stakingAbi, functionName: 'planCount' }),
      total,
    );

    const plans = await readAllPlans(pub, d.stakingLens, { pageSize: 4n });
    assert.deepEqual(await readAllPlans(pub, d.stakingLens), plans);
    assert.equal(plans.length, Number(total));
    for (let k = 0; k < added; k++) {
      assert.equal(plans[Number(before) + k]!.termDays, k + 1, `plan ${Number(before) + k}`);
    }
    const first = await pub.readContract({
      address: d.staking,
      abi: stakingAbi,
      functionName: 'getPlan',
      args: [0n],
    });
    assert.deepEqual(plans[0], first);
  });
});
