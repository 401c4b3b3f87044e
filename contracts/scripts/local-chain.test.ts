/**
 * Deploys to real anvil chains and drives the contracts through viem with the generated ABIs:
 * the same path server/, web/ and e2e/ take. Needs `npm run generate -w contracts` first.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createPublicClient,
  createWalletClient,
  domainSeparator,
  http,
  maxUint256,
  parseSignature,
  parseUnits,
  toFunctionSelector,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { networkByChainId, toViemChain, type SupportedChainId } from '../src/chains.ts';
import { localAccounts, localTestUserKey } from '../src/local-accounts.ts';
import { dexSwapGasLimit } from '../src/gas.ts';
import { readAllPlans } from '../src/lens.ts';
import { permitTypedData, usdcPermitDomain } from '../src/permit.ts';
import { deployments, stakingAbi, stakingLensAbi, usdcAbi } from '../generated/contracts.ts';
import {
  deployLocal,
  expectedLocalAddresses,
  localPlans,
  startAnvil,
  type LocalChain,
} from './local-chain.ts';
import { usdcProxySlots } from './usdc.ts';

for (const chainId of [1, 56] as SupportedChainId[]) {
  describe(`local chain ${chainId}`, () => {
    let chain: LocalChain;
    before(async () => {
      chain = await startAnvil({ chainId });
    });
    after(async () => {
      await chain?.stop();
    });

    it('deploys deterministically, matching the generated module', async () => {
      const deployed = await deployLocal({ rpcUrl: chain.rpcUrl, chainId });
      assert.deepEqual(deployed, deployments.local[chainId]);
      assert.equal(deployed.staking, expectedLocalAddresses().staking);
      assert.equal(deployed.stakingLens, expectedLocalAddresses().stakingLens);
      assert.equal(deployed.usdc, expectedLocalAddresses().usdc);
      assert.equal(deployed.rewardToken, expectedLocalAddresses().rewardToken);
      assert.equal(deployed.router, expectedLocalAddresses().router);
      assert.equal(deployed.usdcDecimals, chainId === 1 ? 6 : 18);
      assert.equal(deployed.root, localAccounts[0]!.address);
      await assert.rejects(deployLocal({ rpcUrl: chain.rpcUrl, chainId }), /fresh chain/);
    });

    it('has a USDC like the mainnet one: a proxy, the config permit domain, no eip712Domain()', async () => {
      const d = deployments.local[chainId]!;
      const pub = createPublicClient({
        chain: toViemChain(networkByChainId(chainId)!, chain.rpcUrl),
        transport: http(chain.rpcUrl),
      });
      const slot = await pub.getStorageAt({ address: d.usdc, slot: usdcProxySlots.implementation });
      assert.notEqual(BigInt(slot ?? '0x0'), 0n, 'the token is a proxy with an implementation');
      // EIP-5267's eip712Domain() does not exist on it, as on mainnet USDC.
      await assert.rejects(
        pub.call({ to: d.usdc, data: toFunctionSelector('eip712Domain()') }),
        /revert/i,
      );
      const permit = usdcPermitDomain(chainId);
      assert.equal(d.usdcHasPermit, permit !== null);
      assert.equal(d.usdcPermitName, permit?.name ?? null);
      assert.equal(d.usdcPermitVersion, permit?.version ?? null);
      if (permit) {
        assert.equal(permit.version, '2');
        assert.equal(
          await pub.readContract({
            address: d.usdc,
            abi: usdcAbi,
            functionName: 'DOMAIN_SEPARATOR',
          }),
          domainSeparator({ domain: { ...permit, chainId, verifyingContract: d.usdc } }),
        );
      }
    });

    it('lets the test user bind and stake with the generated ABIs', async () => {
      const d = deployments.local[chainId]!;
      const viemChain = toViemChain(networkByChainId(chainId)!, chain.rpcUrl);
      const account = privateKeyToAccount(localTestUserKey);
      const pub = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) });
      const wallet = createWalletClient({
        account,
        chain: viemChain,
        transport: http(chain.rpcUrl),
      });
      const wait = async (hash: `0x${string}`) =>
        assert.equal((await pub.waitForTransactionReceipt({ hash })).status, 'success');

      const plans = await readAllPlans(pub, d.stakingLens);
      assert.deepEqual(
        plans.map((p) => p.termDays),
        localPlans.map((p) => p.termDays),
      );
      assert.equal(
        await pub.readContract({
          address: d.stakingLens,
          abi: stakingLensAbi,
          functionName: 'isSubscriptionOpen',
          args: [0n],
        }),
        true,
      );
      assert.equal(
        await pub.readContract({
          address: d.usdc,
          abi: usdcAbi,
          functionName: 'balanceOf',
          args: [account.address],
        }),
        parseUnits('1000000', d.usdcDecimals),
      );

      await wait(
        await wallet.writeContract({
          address: d.staking,
          abi: stakingAbi,
          functionName: 'bindSuperior',
          args: [d.root],
        }),
      );
      const amount = parseUnits('150', d.usdcDecimals);
      if (d.usdcHasPermit) {
        const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
        const nonce = await pub.readContract({
          address: d.usdc,
          abi: usdcAbi,
          functionName: 'nonces',
          args: [account.address],
        });
        const signature = await wallet.signTypedData(
          permitTypedData({
            token: d.usdc,
            name: d.usdcPermitName!,
            version: d.usdcPermitVersion!,
            chainId,
            owner: account.address,
            spender: d.staking,
            value: amount,
            nonce,
            deadline,
          }),
        );
        const { r, s, v, yParity } = parseSignature(signature);
        await wait(
          await wallet.writeContract({
            address: d.staking,
            abi: stakingAbi,
            functionName: 'stakeWithPermit',
            args: [0n, amount, deadline, Number(v ?? BigInt(yParity + 27)), r, s],
          }),
        );
      } else {
        await wait(
          await wallet.writeContract({
            address: d.usdc,
            abi: usdcAbi,
            functionName: 'approve',
            args: [d.staking, amount],
          }),
        );
        await wait(
          await wallet.writeContract({
            address: d.staking,
            abi: stakingAbi,
            functionName: 'stake',
            args: [0n, amount],
          }),
        );
      }
      const positions = await pub.readContract({
        address: d.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getPositions',
        args: [account.address],
      });
      assert.equal(positions.length, 1);
      assert.equal(positions[0]!.amount, amount);
      const totals = await pub.readContract({
        address: d.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getUserTotals',
        args: [account.address],
      });
      assert.equal(totals.toBeReleased, amount);
      assert.equal(
        await pub.readContract({
          address: d.usdc,
          abi: usdcAbi,
          functionName: 'allowance',
          args: [account.address, d.staking],
        }),
        0n,
      );

      // Rewards were reserved for the stake; after a day, harvest and exchange them through the
      // real Uniswap V2 pool, then withdraw the USDC.
      const [, reserved] = await pub.readContract({
        address: d.staking,
        abi: stakingAbi,
        functionName: 'rewardBudgetInfo',
      });
      assert.ok(reserved > 0n);
      await pub.request({ method: 'evm_increaseTime' as never, params: [86_400] as never });
      await pub.request({ method: 'evm_mine' as never, params: [] as never });
      await wait(
        await wallet.writeContract({
          address: d.staking,
          abi: stakingAbi,
          functionName: 'harvest',
          args: [account.address, [0n]],
        }),
      );
      const { earned } = await pub.readContract({
        address: d.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getAccount',
        args: [account.address],
      });
      assert.ok(earned > 0n);
      const quote = await pub.readContract({
        address: d.stakingLens,
        abi: stakingLensAbi,
        functionName: 'quoteExchange',
        args: [account.address, earned],
      });
      assert.ok(quote.netUsdc > 0n);
      const exchange = {
        address: d.staking,
        abi: stakingAbi,
        functionName: 'exchange',
        args: [earned, quote.netUsdc, maxUint256],
      } as const;
      const estimate = await pub.estimateContractGas({ ...exchange, account });
      await wait(await wallet.writeContract({ ...exchange, gas: dexSwapGasLimit(estimate) }));
      const after = await pub.readContract({
        address: d.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getAccount',
        args: [account.address],
      });
      assert.equal(after.withdrawable, quote.netUsdc);
      assert.equal(after.earned, 0n);
    });
  });
}
