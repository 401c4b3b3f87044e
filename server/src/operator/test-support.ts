/**
 * Test helpers for the operator CLI: a fresh anvil chain with the contracts deployed, and the CLI
 * run in-process (`runOperator` with captured output) or as a child process, as an operator runs it.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWalletClient, http, type Address, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { localPrivateKeys } from '@app/contracts/accounts';
import type { SupportedChainId } from '@app/contracts/chains';
import type { ChainDeployment } from '@app/contracts/deployment';
import { repoRoot } from '../config.ts';
import { startTestChain, type TestChain } from '../testing/chain.ts';
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
  deployment: ChainDeployment;
  client: PublicClient;
  /** env for the CLI: this chain's RPC URL. */
  env: Record<string, string>;
  /** Moves the chain's clock forward and mines a block. */
  advance(seconds: number): Promise<void>;
  /** A wallet client for anvil account `index` (0 = the deployer, the owner). */
  wallet(index: number): ReturnType<typeof walletFor>;
  nonceOf(address: Address): Promise<number>;
  stop(): Promise<void>;
}

function walletFor(chain: TestChain, index: number) {
  return createWalletClient({
    account: privateKeyToAccount(localPrivateKeys[index]!),
    chain: chain.chain,
    transport: http(chain.rpcUrl),
  });
}

/** The server tests' local chain (testing/chain.ts), seen as the operator CLI's tests use it. */
export async function startDeployedChain(chainId: SupportedChainId): Promise<DeployedChain> {
  const chain = await startTestChain(chainId);
  return {
    deployment: chain.deployment,
    client: chain.client,
    env: { RPC_URL: chain.rpcUrl },
    advance: chain.advance,
    wallet: (index) => walletFor(chain, index),
    nonceOf: (address) => chain.client.getTransactionCount({ address }),
    stop: chain.stop,
  };
}
