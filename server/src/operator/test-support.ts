/**
 * Test helpers for the operator CLI: a fresh anvil chain with the contracts deployed, and the CLI
 * run in-process (`runOperator` with captured output) or as a child process, as an operator runs it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { localPrivateKeys } from '@app/contracts/accounts';
import { networkByChainId, toViemChain, type SupportedChainId } from '@app/contracts/chains';
import { deployLocal, startAnvil, type LocalChain } from '@app/contracts/local';
import type { ChainDeployment } from '@app/contracts/deployment';
import { repoRoot } from '../config.ts';
import { runOperator } from './cli.ts';

export const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

/** Settings a test run gets: none from the outer environment (an operator's real key or RPC). */
function cleanEnv(env: Record<string, string>): Record<string, string | undefined> {
  const inherited = { ...process.env };
  for (const key of Object.keys(inherited)) {
    if (/^(RPC_URL|OPERATOR_)/.test(key)) delete inherited[key];
  }
  return { ...inherited, ...env };
}

/** Runs the CLI in this process; `answers` are typed at the prompt (none = not a terminal). */
export async function runInProcess(
  argv: readonly string[],
  env: Record<string, string>,
  answers?: string[],
): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperator(argv, {
    env: cleanEnv(env),
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    ask: answers
      ? async (question) => {
          err.push(question);
          return answers.shift() ?? '';
        }
      : undefined,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * Runs `command args` from the repository root as a child process (stdin not a terminal), with
 * the clean settings of `cleanEnv`, and collects what it prints.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: cleanEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
    child.stdin.end();
  });
}

/** Runs `tsx server/src/operator/main.ts` as a child process (stdin not a terminal). */
export function runChild(argv: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return runProcess(process.execPath, ['--import', 'tsx', mainFile, ...argv], env);
}

export interface DeployedChain {
  chain: LocalChain;
  deployment: ChainDeployment;
  client: PublicClient<Transport, Chain>;
  /** env for the CLI: this chain's RPC URL. */
  env: Record<string, string>;
  /** Moves the chain's clock forward and mines a block. */
  advance(seconds: number): Promise<void>;
  /** A wallet client for anvil account `index`. */
  wallet(index: number): ReturnType<typeof walletFor>;
  nonceOf(address: Address): Promise<number>;
  stop(): Promise<void>;
}

function walletFor(chain: Chain, rpcUrl: string, index: number) {
  return createWalletClient({
    account: privateKeyToAccount(localPrivateKeys[index]!),
    chain,
    transport: http(rpcUrl),
  });
}

export async function startDeployedChain(chainId: SupportedChainId): Promise<DeployedChain> {
  const local = await startAnvil({ chainId });
  try {
    const deployment = await deployLocal({ rpcUrl: local.rpcUrl, chainId });
    const chain = toViemChain(networkByChainId(chainId)!, local.rpcUrl);
    const client = createPublicClient({ chain, transport: http(local.rpcUrl) });
    const testClient = createTestClient({ mode: 'anvil', chain, transport: http(local.rpcUrl) });
    return {
      chain: local,
      deployment,
      client,
      env: { RPC_URL: local.rpcUrl },
      async advance(seconds) {
        await testClient.increaseTime({ seconds });
        await testClient.mine({ blocks: 1 });
      },
      wallet: (index) => walletFor(chain, local.rpcUrl, index),
      nonceOf: (address) => client.getTransactionCount({ address }),
      stop: () => local.stop(),
    };
  } catch (error) {
    await local.stop();
    throw error;
  }
}
