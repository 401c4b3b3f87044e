/**
 * How the operator CLI fails. Exit codes: 0 done, 1 the command ran and failed (a revert, an
 * unreachable RPC, a refused request, a declined confirmation), 2 it was called wrongly (bad or
 * missing arguments or settings) and sent nothing.
 */
import { BaseError, ContractFunctionRevertedError } from 'viem';

export const ExitCode = { ok: 0, failed: 1, usage: 2 } as const;

/** Bad arguments: printed with the command's usage; exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Bad settings (environment, RPC, key): printed without usage; exit 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The command could not do its job; exit 1. */
export class OperatorError extends Error {
  override name = 'OperatorError';
}

/** Formats one decoded error argument by its name (e.g. an `available` amount in the right token). */
export type ArgFormatter = (name: string, value: unknown) => string | undefined;

/** What an operator needs to know about a contract's custom errors beyond their name. */
const errorHints: Record<string, string> = {
  OwnableUnauthorizedAccount: 'the key is not the Staking contract owner',
  TimelockNotReady: 'the 48 h timelock has not passed yet',
  NothingQueued: 'no change is queued for this parameter',
  InvalidParamValue: 'the value is outside what the contract allows for this parameter',
  InvalidTreasury:
    'the treasury cannot be Staking itself, USDC or the reward coin: nobody could be paid',
  InvalidPlan:
    'term 1..MAX_TERM_DAYS, rate ≤ MAX_DAILY_RATE, cap above the minimum stake, closes after opens and in the future',
  InsufficientBalance: 'the amount is more than is available',
  ZeroAmount: 'the amount must be greater than 0',
  ZeroAddress: 'an address is the zero address',
  EnforcedPause: 'the pool is paused',
  ExpectedPause: 'the pool is not paused',
  SubscriptionEnded: "the plan's subscription window has already ended",
  PlanNotFound: 'no plan has this id',
  InvalidGrantSource: 'the grant source must be activity or promotion',
  TransferAmountMismatch: 'the token moved a different amount than asked',
};

function defaultArg(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(defaultArg).join(', ')}]`;
  return String(value);
}

/**
 * One line for a failed call: the contract's custom error by name with its arguments (decoded by
 * viem from the ABI), a revert reason string, or viem's short message.
 */
export function describeFailure(error: unknown, formatArg?: ArgFormatter): string {
  if (!(error instanceof BaseError)) return error instanceof Error ? error.message : String(error);
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (revert instanceof ContractFunctionRevertedError) {
    const name = revert.data?.errorName;
    if (name && name !== 'Error' && name !== 'Panic') {
      const item = revert.data?.abiItem;
      const inputs = item && 'inputs' in item ? item.inputs : [];
      const args = (revert.data?.args ?? []).map((value, i) => {
        const argName = inputs[i]?.name || `arg${i}`;
        return `${argName}=${formatArg?.(argName, value) ?? defaultArg(value)}`;
      });
      const hint = errorHints[name];
      return `reverted with ${name}(${args.join(', ')})${hint ? `: ${hint}` : ''}`;
    }
    if (revert.reason) return `reverted: ${revert.reason}`;
    return `reverted: ${revert.shortMessage}`;
  }
  return error.shortMessage;
}
