/**
 * A real local chain for server tests and benches: a fresh anvil with the contracts deployed, and
 * the user and operator actions of the Staking contract as real, signed transactions.
 */
import { networkByChainId, toViemChain, type SupportedChainId } from '@app/contracts/chains';
import { localAccounts, localDeployerKey } from '@app/contracts/accounts';
import { dexSwapGasLimit } from '@app/contracts/gas';
import { stakingAbi, usdcAbi, type ChainDeployment } from '@app/contracts/generated';
import { deployLocal, localMintAbi, startAnvil } from '@app/contracts/local';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  parseUnits,
  type Address,
  type Chain,
  type Hash,
  type PrivateKeyAccount,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export interface TestChain {
  chainId: SupportedChainId;
  rpcUrl: string;
  port: number;
  deployment: ChainDeployment;
  chain: Chain;
  client: PublicClient;
  /** Actions of the deployer (owner, root, treasury). */
  operator: Actor;
  /** Actions of anvil account `index` (1..9; 0 is the operator). */
  account(index: number): Actor;
  /** A new account with ETH for gas and `usdc` whole USDC. */
  newAccount(usdc?: string): Promise<Actor>;
  /** Moves the chain's clock forward and mines a block. */
  advance(seconds: number): Promise<void>;
  /** Mines `count` empty blocks. */
  mine(count?: number): Promise<void>;
  head(): Promise<bigint>;
  stop(): Promise<void>;
}

export interface Actor {
  address: Address;
  account: PrivateKeyAccount;
  /** Sends a call to any contract and waits for its receipt (throws if it reverts). */
  write(
    to: Address,
    abi: readonly unknown[],
    functionName: string,
    args?: readonly unknown[],
  ): Promise<Hash>;
  /** Sends a Staking call and waits for its receipt (throws if it reverts). */
  staking(functionName: string, args?: readonly unknown[]): Promise<Hash>;
  /** Approves exactly `amount` base units of USDC to Staking. */
  approveUsdc(amount: bigint): Promise<Hash>;
  /** Binds `upline` (approve + stake need a bound account). */
  bind(upline: Address): Promise<Hash>;
  /** Approves exactly and stakes `usdc` whole USDC into `planId`. */
  stake(planId: number, usdc: string): Promise<Hash>;
}

export async function startTestChain(
  chainId: SupportedChainId = 1,
  port?: number,
): Promise<TestChain> {
  const anvil = await startAnvil({ chainId, port });
  try {
    const deployment = await deployLocal({ rpcUrl: anvil.rpcUrl, chainId });
    const network = networkByChainId(chainId)!;
    const chain = toViemChain(network, anvil.rpcUrl);
    const transport = http(anvil.rpcUrl);
    const client = createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient;
    const rpc = (method: string, params: unknown[]) => client.request({ method, params } as never);

    const actor = (account: PrivateKeyAccount): Actor => {
      const wallet = createWalletClient({ account, chain, transport });
      const send = async (
        to: Address,
        abi: readonly unknown[],
        functionName: string,
        args: readonly unknown[],
      ) => {
        const call = {
          address: to,
          abi: abi as typeof stakingAbi,
          functionName: functionName as 'stake',
          args: args as never,
          account,
        };
        // Any of these may swap through the pool (exchange): every one gets its headroom.
        const gas = dexSwapGasLimit(await client.estimateContractGas(call));
        const hash = await wallet.writeContract({ ...call, gas });
        const receipt = await client.waitForTransactionReceipt({ hash });
        if (receipt.status !== 'success') throw new Error(`${functionName} reverted (${hash})`);
        return hash;
      };
      const self: Actor = {
        address: account.address,
        account,
        write: (to, abi, functionName, args = []) => send(to, abi, functionName, args),
        staking: (functionName, args = []) =>
          send(deployment.staking, stakingAbi, functionName, args),
        approveUsdc: (amount) =>
          send(deployment.usdc, usdcAbi, 'approve', [deployment.staking, amount]),
        bind: (upline) => self.staking('bindSuperior', [upline]),
        async stake(planId, usdc) {
          const amount = parseUnits(usdc, deployment.usdcDecimals);
          await self.approveUsdc(amount);
          return self.staking('stake', [BigInt(planId), amount]);
        },
      };
      return self;
    };
    const operator = actor(privateKeyToAccount(localDeployerKey));

    return {
      chainId,
      rpcUrl: anvil.rpcUrl,
      port: anvil.port,
      deployment,
      chain,
      client,
      operator,
      account: (index) => {
        if (index < 1 || index >= localAccounts.length)
          throw new Error(`no anvil account ${index}`);
        return actor(localAccounts[index]!);
      },
      async newAccount(usdc = '100000') {
        const account = privateKeyToAccount(generatePrivateKey());
        await rpc('anvil_setBalance', [account.address, `0x${parseEther('100').toString(16)}`]);
        await operator.write(deployment.usdc, localMintAbi, 'mint', [
          account.address,
          parseUnits(usdc, deployment.usdcDecimals),
        ]);
        return actor(account);
      },
      async advance(seconds) {
        await rpc('evm_increaseTime', [seconds]);
        await rpc('evm_mine', []);
      },
      async mine(count = 1) {
        await rpc('anvil_mine', [`0x${count.toString(16)}`]);
      },
      head: () => client.getBlockNumber({ cacheTime: 0 }),
      stop: anvil.stop,
    };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}
