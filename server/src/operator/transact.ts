/**
 * Every write goes through here: a plain summary of each transaction (network, chain id, contract,
 * function, arguments in human units), a dry run against the chain (a revert is reported by the
 * contract's error name and nothing is sent), the operator's confirmation, then one transaction at
 * a time, each waited for before the next.
 */
import {
  encodeFunctionData,
  parseEventLogs,
  type Abi,
  type AbiFunction,
  type Address,
  type TransactionReceipt,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { stakingAbi } from '@app/contracts/generated';
import { rpcHost, walletFor, type ChainContext } from './context.ts';
import { OperatorError, describeFailure, type ArgFormatter } from './errors.ts';
import { fields } from './format.ts';
import { requireConfirmation, type Io } from './io.ts';
import {
  newSafeTxFile,
  signSafeTx,
  transactionBuilderBatch,
  writeJson,
  type FileCall,
  type SafeInfo,
  type SafeRequest,
} from './safe.ts';

export interface TxStep {
  /** What the transaction does, in plain words. */
  title: string;
  /** The contract as the operator knows it: 'Staking', 'USDC', 'WETH'. */
  contract: string;
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  /** Native coin sent with the call (base units). */
  value?: bigint;
  /** The arguments (and anything else worth knowing) in human units. */
  details: (readonly [string, string])[];
  /** Formats a decoded error argument (e.g. `available` in this token). */
  formatErrorArg?: ArgFormatter;
}

export interface WriteRun {
  io: Io;
  ctx: ChainContext;
  /** The address the calls come from: the key's, or the Safe's with --safe. */
  sender: Address;
  /** The key that sends (or, with --safe-sign, signs); none when only a batch file is written. */
  account?: PrivateKeyAccount;
  /** --safe: the Safe that owns Staking, and the file to write instead of sending. */
  safe?: SafeRequest & { info: SafeInfo };
  /** --yes: send without asking. */
  yes: boolean;
}

/** How long to wait for one transaction to be mined before giving up (it may still be mined). */
const RECEIPT_TIMEOUT_MS = 10 * 60 * 1000;

function signature(abi: Abi, functionName: string): string {
  const item = abi.find((i): i is AbiFunction => i.type === 'function' && i.name === functionName);
  return `${functionName}(${(item?.inputs ?? []).map((p) => p.name || p.type).join(', ')})`;
}

/** A raw argument; long arrays are cut short (the details list every entry in human units). */
function rawArg(value: unknown): string {
  if (Array.isArray(value)) {
    const shown = value.slice(0, 3).map(rawArg);
    if (value.length > 3) shown.push(`… ${value.length - 3} more`);
    return `[${shown.join(', ')}]`;
  }
  return String(value);
}

export function summary(run: WriteRun, steps: readonly TxStep[]): string {
  const { ctx } = run;
  const lines = [
    `${steps.length === 1 ? 'Transaction' : `${steps.length} transactions`} to send:`,
    fields([
      ['network', `${ctx.network.key} (chain id ${ctx.network.chainId})`],
      ['deployment', ctx.deployment],
      ['rpc', rpcHost(ctx.rpcUrl)],
      [
        'from',
        run.safe
          ? `${run.sender} (Safe, ${run.safe.info.threshold} of ${run.safe.info.owners.length} owners, nonce ${run.safe.info.nonce})`
          : run.sender,
      ],
    ]),
  ];
  steps.forEach((step, i) => {
    lines.push(
      '',
      `${steps.length > 1 ? `${i + 1}. ` : ''}${step.title}`,
      fields([
        ['contract', `${step.contract} ${step.address}`],
        ['function', signature(step.abi, step.functionName)],
        ['call', `${step.functionName}(${step.args.map(rawArg).join(', ')})`],
        ...(step.value ? ([['value', `${step.value} wei`]] as const) : []),
        ...step.details,
      ]),
    );
  });
  return lines.join('\n');
}

async function simulate(run: WriteRun, step: TxStep) {
  return run.ctx.client.simulateContract({
    // From the Safe (an address: a dry run needs no key) when the Safe is the owner.
    account: run.safe || !run.account ? run.sender : run.account,
    address: step.address,
    abi: step.abi,
    functionName: step.functionName,
    args: step.args,
    value: step.value,
  });
}

/** Staking events in a receipt, one line each. */
export function stakingEvents(ctx: ChainContext, receipt: TransactionReceipt): string[] {
  const logs = receipt.logs.filter(
    (l) => l.address.toLowerCase() === ctx.contracts.staking.toLowerCase(),
  );
  return parseEventLogs({ abi: stakingAbi, logs }).map((log) => {
    const args = Object.entries((log.args ?? {}) as Record<string, unknown>)
      .map(([k, v]) => `${k}=${rawArg(v)}`)
      .join(', ');
    return `  event ${log.eventName}(${args})`;
  });
}

/** The steps as calls of a Safe transaction, with what each does. */
function fileCalls(steps: readonly TxStep[]): FileCall[] {
  return steps.map((step) => ({
    title: step.title,
    contract: step.contract,
    function: step.functionName,
    to: step.address,
    value: (step.value ?? 0n).toString(),
    data: encodeFunctionData({ abi: step.abi, functionName: step.functionName, args: step.args }),
  }));
}

/** --safe: the file for the Safe's owners instead of a transaction (the first step dry-run from the Safe). */
async function writeForSafe(
  run: WriteRun,
  safe: NonNullable<WriteRun['safe']>,
  steps: readonly TxStep[],
): Promise<void> {
  const { io, ctx } = run;
  const calls = fileCalls(steps);
  if (safe.kind === 'batch') {
    await writeJson(safe.file, transactionBuilderBatch(ctx, safe.address, calls));
    io.out(
      `wrote ${safe.file}: a Transaction Builder batch of ${calls.length} call${calls.length === 1 ? '' : 's'} for the Safe ${safe.address} (import it in the Safe app's Transaction Builder); nothing was sent`,
    );
    return;
  }
  const unsigned = await newSafeTxFile(ctx, safe.info, calls);
  const signed = await signSafeTx(ctx, unsigned, safe.info, run.account!);
  await writeJson(safe.file, signed);
  io.out(
    `wrote ${safe.file}: Safe transaction ${signed.safeTxHash} (nonce ${safe.info.nonce}) signed by ${run.account!.address}, 1 of ${safe.info.threshold} signatures; nothing was sent`,
  );
  io.out(
    `next: other owners run safe:sign --file ${safe.file} --out <their file>, then safe:exec --file ${safe.file} --file <their file>`,
  );
}

/**
 * Summarises, dry-runs the first step, asks, then sends the steps in order. Throws (and sends
 * nothing more) at the first failure, saying which steps were already sent. With --safe it writes
 * the Safe's file instead and returns no receipts.
 */
export async function sendSteps(
  run: WriteRun,
  steps: readonly TxStep[],
): Promise<TransactionReceipt[]> {
  const { io, ctx } = run;
  io.out(summary(run, steps));
  io.out('');
  try {
    await simulate(run, steps[0]!);
  } catch (error) {
    const failure = `${steps[0]!.contract}.${steps[0]!.functionName} ${describeFailure(error, steps[0]!.formatErrorArg)}`;
    if (!run.safe) throw new OperatorError(`nothing was sent: ${failure}`);
    // Owners may sign ahead (e.g. a timelocked change before its eta); safe:exec checks again.
    io.out(`warning: from the Safe now, ${failure}; safe:exec refuses it until that changes`);
  }
  if (run.safe) {
    await writeForSafe(run, run.safe, steps);
    return [];
  }
  if (!run.account) throw new OperatorError('no key to send with: nothing was sent');
  await requireConfirmation(io, run.yes, steps.length === 1 ? 'Send it?' : 'Send them?');
  const wallet = walletFor(ctx, run.account);
  const receipts: TransactionReceipt[] = [];
  for (const [i, step] of steps.entries()) {
    const label = steps.length > 1 ? `${i + 1}/${steps.length} ` : '';
    const done = i === 0 ? 'nothing was sent' : `${i} of ${steps.length} were sent before`;
    let request;
    try {
      ({ request } = await simulate(run, step));
    } catch (error) {
      throw new OperatorError(
        `${label}${step.contract}.${step.functionName} ${describeFailure(error, step.formatErrorArg)} (${done})`,
      );
    }
    let hash;
    try {
      hash = await wallet.writeContract(request);
    } catch (error) {
      throw new OperatorError(
        `${label}${step.contract}.${step.functionName} could not be sent: ${describeFailure(error)} (${done})`,
      );
    }
    io.out(`${label}sent ${step.contract}.${step.functionName}: ${hash}`);
    let receipt;
    try {
      receipt = await ctx.client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
    } catch (error) {
      throw new OperatorError(
        `${label}no receipt for ${hash} (${describeFailure(error)}); it may still be mined: check it before sending again`,
      );
    }
    if (receipt.status !== 'success') {
      throw new OperatorError(`${label}transaction ${hash} reverted on chain (${done})`);
    }
    io.out(`  confirmed in block ${receipt.blockNumber} (gas used ${receipt.gasUsed})`);
    for (const line of stakingEvents(ctx, receipt)) io.out(line);
    receipts.push(receipt);
  }
  return receipts;
}
