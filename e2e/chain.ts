/**
 * Chain-side steps of the browser scenarios, done directly with viem as the user's own account
 * (anvil's keys): the state a scenario starts from (a stake, time passing, an approval) and the
 * facts it checks afterwards. What the user does in the app stays in app.ts.
 */
import assert from 'node:assert/strict';
import {
  createWalletClient,
  http,
  parseUnits,
  type Address,
  type ContractFunctionName,
  type Hash,
  type Hex,
} from 'viem';
import { localAccounts, localPrivateKeys, localUsdcIssuerKey } from '@app/contracts/accounts';
import { stakingAbi, stakingLensAbi, usdcAbi } from '@app/contracts/generated';
import { dexSwapGasLimit } from '@app/contracts/gas';
import { localDailyRate, localUsdcAdminAbi } from '@app/contracts/local';
import { privateKeyToAccount } from 'viem/accounts';
import type { LocalChain } from './harness.ts';

export function accountAddress(index: number): Address {
  const account = localAccounts[index];
  assert.ok(account, `anvil account ${index}`);
  return account.address;
}

/** A wallet client of anvil account `index` on `chain`. */
export function walletOf(chain: LocalChain, index: number) {
  const key = localPrivateKeys[index];
  assert.ok(key, `anvil account ${index}`);
  return walletWithKey(chain, key);
}

/** A wallet on `chain` that signs with `privateKey` (a role outside the anvil list: issuer, market). */
export function walletWithKey(chain: LocalChain, privateKey: Hex) {
  return createWalletClient({
    chain: chain.chain,
    transport: http(chain.rpcUrl),
    account: privateKeyToAccount(privateKey),
  });
}

/** Waits for the transaction and asserts it succeeded. */
export async function confirmed(chain: LocalChain, hash: Hash) {
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success', `transaction ${hash} reverted`);
}

/** Whole USDC in base units of this chain's USDC. */
export function usdc(chain: LocalChain, whole: string): bigint {
  return parseUnits(whole, chain.deployment.usdcDecimals);
}

/** Account `index` binds the root as upline and stakes `amount` (whole USDC) into plan `planId`. */
export async function stakeAs(chain: LocalChain, index: number, amount: string, planId = 0n) {
  const wallet = walletOf(chain, index);
  const { staking, root } = chain.deployment;
  const value = usdc(chain, amount);
  const superior = await chain.client.readContract({
    address: staking,
    abi: stakingAbi,
    functionName: 'getSuperior',
    args: [wallet.account.address],
  });
  if (BigInt(superior) === 0n)
    await confirmed(
      chain,
      await wallet.writeContract({
        address: staking,
        abi: stakingAbi,
        functionName: 'bindSuperior',
        args: [root],
      }),
    );
  await approveAs(chain, index, staking, value);
  await confirmed(
    chain,
    await wallet.writeContract({
      address: staking,
      abi: stakingAbi,
      functionName: 'stake',
      args: [planId, value],
    }),
  );
}

/**
 * A plan a 150 USDC stake passes the app's checks for but fails on chain: the owner opens a 7-day
 * plan (0.5% a day, open 30 days) with a cap of 250 USDC, and account `fillerIndex` takes 101 of
 * it, leaving room for 149. Returns the plan's id.
 */
export async function planWithRoomFor149(chain: LocalChain, fillerIndex: number): Promise<bigint> {
  const { staking, usdcDecimals } = chain.deployment;
  const now = (await chain.client.getBlock()).timestamp;
  const planId = await chain.client.readContract({
    address: staking,
    abi: stakingAbi,
    functionName: 'planCount',
  });
  await stakingCallAs(chain, 0, 'createPlan', [
    7,
    localDailyRate(50, usdcDecimals),
    usdc(chain, '250'),
    now,
    now + 86_400n * 30n,
  ]);
  await stakeAs(chain, fillerIndex, '101', planId);
  return planId;
}

/** Account `index` approves exactly `value` (base units) of USDC to `spender`. */
export async function approveAs(chain: LocalChain, index: number, spender: Address, value: bigint) {
  const wallet = walletOf(chain, index);
  await confirmed(
    chain,
    await wallet.writeContract({
      address: chain.deployment.usdc,
      abi: usdcAbi,
      functionName: 'approve',
      args: [spender, value],
    }),
  );
}

/** Account `index` calls a Staking function itself (release, harvest, exchange, ...). */
export async function stakingCallAs(
  chain: LocalChain,
  index: number,
  functionName: ContractFunctionName<typeof stakingAbi, 'nonpayable'>,
  args: readonly unknown[],
) {
  const wallet = walletOf(chain, index);
  const call = {
    address: chain.deployment.staking,
    abi: stakingAbi,
    functionName,
    args,
    account: wallet.account,
  } as Parameters<typeof chain.client.estimateContractGas>[0];
  // exchange swaps through the pool: like every swap sender, estimate plus the pool's headroom.
  const gas = dexSwapGasLimit(await chain.client.estimateContractGas(call));
  await confirmed(
    chain,
    await wallet.writeContract({ ...call, gas } as Parameters<typeof wallet.writeContract>[0]),
  );
}

/**
 * The USDC issuer (Circle's role on chain 1) acts on the local USDC: freezes or unfreezes an address,
 * pauses or unpauses the token. Only chain 1's USDC has these, as on mainnet.
 */
export async function usdcIssuerCall(
  chain: LocalChain,
  functionName: 'blacklist' | 'unBlacklist' | 'pause' | 'unpause',
  args: readonly [Address] | readonly [] = [],
) {
  const issuer = walletWithKey(chain, localUsdcIssuerKey);
  await confirmed(
    chain,
    await issuer.writeContract({
      address: chain.deployment.usdc,
      abi: localUsdcAdminAbi,
      functionName,
      args,
    } as Parameters<typeof issuer.writeContract>[0]),
  );
}

/** Moves the chain's clock forward and mines a block at the new time. */
export async function advanceTime(chain: LocalChain, seconds: number) {
  await chain.client.request({ method: 'evm_increaseTime' as never, params: [seconds] as never });
  await chain.client.request({ method: 'evm_mine' as never, params: [] as never });
}

/** Turns anvil's mining of each transaction on arrival on or off (off: transactions stay pending). */
export async function setAutomine(chain: LocalChain, on: boolean) {
  await chain.client.request({ method: 'evm_setAutomine' as never, params: [on] as never });
}

export async function mineBlock(chain: LocalChain) {
  await chain.client.request({ method: 'evm_mine' as never, params: [] as never });
}

export function getAccount(chain: LocalChain, user: Address) {
  return chain.client.readContract({
    address: chain.deployment.stakingLens,
    abi: stakingLensAbi,
    functionName: 'getAccount',
    args: [user],
  });
}

export function usdcBalance(chain: LocalChain, owner: Address) {
  return chain.client.readContract({
    address: chain.deployment.usdc,
    abi: usdcAbi,
    functionName: 'balanceOf',
    args: [owner],
  });
}

export function usdcAllowance(chain: LocalChain, owner: Address) {
  return chain.client.readContract({
    address: chain.deployment.usdc,
    abi: usdcAbi,
    functionName: 'allowance',
    args: [owner, chain.deployment.staking],
  });
}

/** The number a test id's text shows (grouping commas removed), as base units of `decimals`. */
export function parseShown(text: string | null, decimals: number): bigint {
  const plain = (text ?? '')
    .replace(/USDC|WETH|WBNB/g, '')
    .replace(/,/g, '')
    .trim();
  assert.match(plain, /^\d+(\.\d+)?$/, `a number, not ${JSON.stringify(text)}`);
  return parseUnits(plain, decimals);
}
