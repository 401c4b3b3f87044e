/**
 * The local DEX on a real anvil: deploys a USDC stand-in and the Uniswap V2 contracts from the npm
 * artifacts, seeds the pool, and swaps native coin → USDC through the router. Needs
 * `npm run build -w contracts` (for the USDC artifact) first.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatUnits,
  getAddress,
  http,
  parseEther,
  parseUnits,
  type Address,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { networkByChainId, toViemChain, type SupportedChainId } from '../src/chains.ts';
import { localDeployerKey, localTestUserKey } from '../src/local-accounts.ts';
import {
  checkDexArtifacts,
  dexAbis,
  dexTransactionCount,
  deployDex,
  expectedDexAddresses,
  officialUniswapV2InitCodeHash,
  pairAddress,
  push32Operands,
  readDexArtifact,
} from './dex.ts';
import { startAnvil, type LocalChain } from './local-chain.ts';
import { deployLocalUsdc } from './usdc.ts';
import { dexSwapGasHeadroom, dexSwapGasLimit } from '../src/gas.ts';

describe('DEX artifacts', () => {
  it('pair init-code hash = keccak256(pair creation code) = the one compiled into Router02', () => {
    const hash = checkDexArtifacts();
    assert.equal(hash, officialUniswapV2InitCodeHash);
    assert.ok(push32Operands(readDexArtifact('router').bytecode).includes(hash));
  });

  it('finds PUSH32 operands by walking opcodes, not by searching the hex', () => {
    // PUSH1 0x7f, PUSH32 <aa..>, STOP: the 0x7f data byte must not start an operand.
    const code = `0x607f7f${'aa'.repeat(32)}00` as const;
    assert.deepEqual(push32Operands(code), [`0x${'aa'.repeat(32)}`]);
  });
});

/** The deployer's and the test user's clients on one local chain (both scenarios below). */
function clientsOf(chain: LocalChain) {
  const viemChain = toViemChain(networkByChainId(chain.chainId)!, chain.rpcUrl);
  const transport = http(chain.rpcUrl);
  const deployer = privateKeyToAccount(localDeployerKey);
  const user = privateKeyToAccount(localTestUserKey);
  return {
    deployer,
    user,
    publicClient: createPublicClient({ chain: viemChain, transport }),
    walletClient: createWalletClient({ account: deployer, chain: viemChain, transport }),
    userWallet: createWalletClient({ account: user, chain: viemChain, transport }),
  };
}

for (const chainId of [1, 56] as SupportedChainId[]) {
  describe(`local DEX on chain ${chainId}`, () => {
    let chain: LocalChain;
    before(async () => {
      chain = await startAnvil({ chainId });
    });
    after(async () => {
      await chain?.stop();
    });

    it('deploys deterministically, seeds the pool and swaps native coin → USDC', async () => {
      const { deployer, user, publicClient, walletClient, userWallet } = clientsOf(chain);
      const wait = async (hash: `0x${string}`) => {
        const receipt = await publicClient.waitForTransactionReceipt({ hash });
        assert.equal(receipt.status, 'success');
        return receipt;
      };

      const { usdc } = await deployLocalUsdc({
        publicClient,
        chainId,
        minter: deployer.address,
      });
      const usdcDecimals = chainId === 1 ? 6 : 18;
      assert.equal(
        await publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: 'decimals' }),
        usdcDecimals,
      );

      const dex = await deployDex({ publicClient, walletClient, usdc, usdcDecimals });
      const expected = expectedDexAddresses(deployer.address, 0);
      assert.equal(dex.weth, expected.weth);
      assert.equal(dex.factory, expected.factory);
      assert.equal(dex.router, expected.router);
      assert.equal(dex.pair, pairAddress(dex.factory, dex.weth, usdc, dex.initCodeHash));
      assert.equal(
        await publicClient.getTransactionCount({ address: deployer.address }),
        dexTransactionCount.seeded,
      );

      const abis = dexAbis();
      const read = (
        address: Address,
        abi: typeof abis.router,
        functionName: string,
        args: unknown[] = [],
      ) => publicClient.readContract({ address, abi, functionName, args });
      assert.equal(
        getAddress((await read(dex.router, abis.router, 'factory')) as Address),
        dex.factory,
      );
      assert.equal(getAddress((await read(dex.router, abis.router, 'WETH')) as Address), dex.weth);

      // Seeded reserves: 1,000 coins : 3,000,000 USDC, whatever the USDC decimals.
      const [r0, r1] = (await read(dex.pair, abis.pair, 'getReserves')) as [bigint, bigint, number];
      const token0 = getAddress((await read(dex.pair, abis.pair, 'token0')) as Address);
      const [wethReserve, usdcReserve] = token0 === dex.weth ? [r0, r1] : [r1, r0];
      assert.equal(wethReserve, parseEther('1000'));
      assert.equal(usdcReserve, parseUnits('3000000', usdcDecimals));
      // Seeding took exactly what it approved: no allowance is left on the router.
      assert.equal(
        await publicClient.readContract({
          address: usdc,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [deployer.address, dex.router],
        }),
        0n,
      );

      // The test user swaps 1 coin → USDC: exactly what getAmountsOut promised arrives.
      const amountIn = parseEther('1');
      const path = [dex.weth, usdc];
      const amounts = (await read(dex.router, abis.router, 'getAmountsOut', [
        amountIn,
        path,
      ])) as bigint[];
      const quoted = amounts[1]!;
      const price = Number(formatUnits(quoted, usdcDecimals));
      assert.ok(price > 2980 && price < 3000, `1 coin quoted at ${price} USDC`);
      const before = await publicClient.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [user.address],
      });
      const deadline = (await publicClient.getBlock()).timestamp + 600n;
      // Every swap is sent with the headroom of src/gas.ts over its estimate (see the test below).
      const swap = async (
        functionName: 'swapExactETHForTokens' | 'swapExactTokensForTokens',
        args: unknown[],
        value?: bigint,
      ) => {
        const call = { address: dex.router, abi: abis.router, functionName, args, value };
        const estimate = await publicClient.estimateContractGas({ ...call, account: user });
        return wait(await userWallet.writeContract({ ...call, gas: dexSwapGasLimit(estimate) }));
      };
      await swap('swapExactETHForTokens', [quoted, path, user.address, deadline], amountIn);
      const afterSwap = await publicClient.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [user.address],
      });
      assert.equal(afterSwap - before, quoted);

      // WETH is a real ERC-20 reward coin too: wrap, approve exactly, and swap WETH → USDC.
      await wait(
        await userWallet.writeContract({
          address: dex.weth,
          abi: abis.weth,
          functionName: 'deposit',
          value: amountIn,
        }),
      );
      await wait(
        await userWallet.writeContract({
          address: dex.weth,
          abi: abis.weth,
          functionName: 'approve',
          args: [dex.router, amountIn],
        }),
      );
      const amounts2 = (await read(dex.router, abis.router, 'getAmountsOut', [
        amountIn,
        path,
      ])) as bigint[];
      assert.ok(amounts2[1]! < quoted, 'the first swap moved the price');
      await swap('swapExactTokensForTokens', [
        amountIn,
        amounts2[1]!,
        path,
        user.address,
        deadline,
      ]);
      const afterSecond = await publicClient.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [user.address],
      });
      assert.equal(afterSecond - afterSwap, amounts2[1]);
    });
  });
}

/**
 * Why every swap is sent with src/gas.ts's headroom, made deterministic: the chain's clock is pinned
 * with evm_setNextBlockTimestamp (which both the next block and eth_estimateGas use), so the
 * estimate is taken in the second of the pool's last update and the swap is mined in the next one.
 */
for (const chainId of [1, 56] as SupportedChainId[]) {
  describe(`a swap on chain ${chainId} estimated in one second and mined in the next`, () => {
    let chain: LocalChain;
    before(async () => {
      chain = await startAnvil({ chainId });
    });
    after(async () => {
      await chain?.stop();
    });

    it('runs out of gas with the bare estimate and succeeds with the headroom', async () => {
      const { deployer, user, publicClient, walletClient, userWallet } = clientsOf(chain);
      const rpc = (method: string, params: unknown[] = []) =>
        publicClient.request({ method, params } as never) as Promise<unknown>;
      const { usdc } = await deployLocalUsdc({ publicClient, chainId, minter: deployer.address });
      const dex = await deployDex({
        publicClient,
        walletClient,
        usdc,
        usdcDecimals: chainId === 1 ? 6 : 18,
      });
      const abis = dexAbis();
      // The seeding (the pool's last update) was the latest block: its second is the pool's.
      const seeded = await publicClient.getBlock();
      const [, , poolUpdatedAt] = (await publicClient.readContract({
        address: dex.pair,
        abi: abis.pair,
        functionName: 'getReserves',
      })) as [bigint, bigint, number];
      assert.equal(BigInt(poolUpdatedAt), seeded.timestamp);

      const call = {
        address: dex.router,
        abi: abis.router,
        functionName: 'swapExactETHForTokens',
        args: [0n, [dex.weth, usdc], user.address, seeded.timestamp + 600n],
        value: parseEther('1'),
      } as const;
      // The estimate, with the chain's clock still in the pool's second.
      await rpc('evm_setNextBlockTimestamp', [Number(seeded.timestamp)]);
      const estimate = await publicClient.estimateContractGas({ ...call, account: user });
      // The same swap estimated a second later makes the accumulator writes: that is the gap.
      await rpc('evm_setNextBlockTimestamp', [Number(seeded.timestamp) + 1]);
      const estimateNextSecond = await publicClient.estimateContractGas({ ...call, account: user });
      const gap = estimateNextSecond - estimate;
      assert.ok(gap > 40_000n, `the accumulator writes cost ${gap} gas`);
      assert.ok(gap <= dexSwapGasHeadroom, `the headroom ${dexSwapGasHeadroom} covers ${gap}`);

      const minedNextSecond = async (gas: bigint) => {
        await rpc('evm_setNextBlockTimestamp', [Number(seeded.timestamp) + 1]);
        const hash = await userWallet.writeContract({ ...call, gas });
        return publicClient.waitForTransactionReceipt({ hash });
      };
      const snapshot = await rpc('evm_snapshot');
      // The flake, every time: the bare estimate is mined reverted (out of gas).
      assert.equal((await minedNextSecond(estimate)).status, 'reverted');
      await rpc('evm_revert', [snapshot]);
      // What every swap sender does (src/gas.ts): the same estimate plus the headroom.
      assert.equal((await minedNextSecond(dexSwapGasLimit(estimate))).status, 'success');
    });
  });
}
