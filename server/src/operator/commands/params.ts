/**
 * param:queue, param:execute, param:cancel, param:list — the timelocked parameters (fee, minimum
 * withdrawal, node and founder prices and limits, treasury). A change is queued, announced (the
 * server turns ParamQueued into a notice), and can apply only after the contract's TIMELOCK_DELAY.
 */
import { getAddress, parseEventLogs, toHex, type Address } from 'viem';
import { timelockParams, type TimelockParamName } from '@app/contracts/enums';
import { stakingAbi } from '@app/contracts/generated';
import { openChain, openWriter, type Command } from '../command.ts';
import { chainTime, type ChainContext } from '../context.ts';
import { UsageError, type ArgFormatter } from '../errors.ts';
import { amount, duration, isoTime, table, toJson } from '../format.ts';
import { sendSteps } from '../transact.ts';
import { parseAddress, parseBps, parseCount, parseDecimal, toBaseUnits } from '../values.ts';

type ParamKind = 'bps' | 'usdc' | 'count' | 'address';

/** A parameter by its public getter (= its name in Staking.Param) and the unit it is typed in. */
const param = <G extends TimelockParamName, K extends ParamKind>(getter: G, kind: K) => ({
  index: timelockParams.indexOf(getter),
  getter,
  kind,
});

/** CLI name → Staking.Param index, its public getter and the unit it is typed in. */
export const params = {
  'fee-bps': param('feeBps', 'bps'),
  'min-withdrawal': param('minWithdrawal', 'usdc'),
  'node-price': param('nodePrice', 'usdc'),
  'node-limit': param('nodeLimit', 'count'),
  'founder-price': param('founderPrice', 'usdc'),
  'founder-limit': param('founderLimit', 'count'),
  treasury: param('treasury', 'address'),
};

export type ParamName = keyof typeof params;
const paramNames = Object.keys(params) as ParamName[];

const valueHelp =
  'fee-bps: bps or percent (150 or 1.5%); min-withdrawal, node-price, founder-price: USDC; node-limit, founder-limit: a count; treasury: an address';

function paramFrom(text: string): ParamName {
  if (!(text in params)) throw new UsageError(`--param must be one of ${paramNames.join(', ')}`);
  return text as ParamName;
}

/** Checks the value's syntax before anything is read; returns the converter that needs the chain. */
function valueParser(name: ParamName, text: string): (ctx: ChainContext) => bigint {
  const kind: ParamKind = params[name].kind;
  switch (kind) {
    case 'bps': {
      const bps = parseBps(text, '--value');
      return () => bps;
    }
    case 'usdc': {
      const value = parseDecimal(text, '--value');
      return (ctx) => toBaseUnits(value, ctx.usdc.decimals, '--value', { allowZero: true });
    }
    case 'count': {
      const count = parseCount(text, '--value');
      return () => count;
    }
    case 'address': {
      const address = parseAddress(text, '--value');
      return () => BigInt(address);
    }
  }
}

/** A parameter value in its human unit. */
export function showValue(ctx: ChainContext, name: ParamName, value: bigint): string {
  const kind: ParamKind = params[name].kind;
  switch (kind) {
    case 'bps':
      return `${value} bps (${Number(value) / 100}%)`;
    case 'usdc':
      return amount(value, ctx.usdc);
    case 'count':
      return value.toString();
    case 'address':
      return getAddress(toHex(value, { size: 20 }));
  }
}

async function current(ctx: ChainContext, name: ParamName): Promise<bigint> {
  const value: bigint | Address = await ctx.client.readContract({
    address: ctx.contracts.staking,
    abi: stakingAbi,
    functionName: params[name].getter,
  });
  return typeof value === 'string' ? BigInt(value) : value;
}

async function pending(ctx: ChainContext, name: ParamName) {
  const [value, eta] = await ctx.client.readContract({
    address: ctx.contracts.staking,
    abi: stakingAbi,
    functionName: 'pendingChanges',
    args: [params[name].index],
  });
  return { value, eta };
}

function errorArgs(ctx: ChainContext, name: ParamName): ArgFormatter {
  return (arg, v) => {
    if (arg === 'eta' && typeof v === 'bigint') return `${v} (${isoTime(v)})`;
    if (arg === 'param') return name;
    if (arg === 'value' && typeof v === 'bigint') return showValue(ctx, name, v);
    return undefined;
  };
}

const paramOption = { name: 'param', value: paramNames.join('|'), help: 'the parameter' };

export const paramQueue: Command = {
  name: 'param:queue',
  summary: 'queue a timelocked parameter change (executable after the delay)',
  kind: 'write',
  options: [paramOption, { name: 'value', value: 'value', help: valueHelp }],
  examples: [
    'param:queue --param fee-bps --value 1.5%',
    'param:queue --param min-withdrawal --value 5',
    'param:queue --param treasury --value 0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  ],
  notes: [
    'Queueing again replaces the queued change of that parameter (with a new eta). The server',
    'announces every queued change in the notice list in all languages.',
  ],
  async run(input) {
    const name = paramFrom(input.options.required('param'));
    const convert = valueParser(name, input.options.required('value'));
    const run = await openWriter(input);
    const { ctx } = run;
    const value = convert(ctx);
    const [now, delay, was, queued] = await Promise.all([
      chainTime(ctx),
      ctx.client.readContract({
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'TIMELOCK_DELAY',
      }),
      current(ctx, name),
      pending(ctx, name),
    ]);
    const details: [string, string][] = [
      ['parameter', `${name} (Param ${params[name].index})`],
      ['now', showValue(ctx, name, was)],
      ['new', showValue(ctx, name, value)],
      ['applies', `not before ≈ ${isoTime(now + delay)} (${duration(delay)} after it is mined)`],
    ];
    if (queued.eta !== 0n) {
      details.push([
        'replaces',
        `the queued ${showValue(ctx, name, queued.value)} (eta ${isoTime(queued.eta)})`,
      ]);
    }
    const [receipt] = await sendSteps(run, [
      {
        title: `Queue a change of ${name}`,
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'queueParam',
        args: [params[name].index, value],
        details,
        formatErrorArg: errorArgs(ctx, name),
      },
    ]);
    if (!receipt) return 0; // --safe: a file was written, nothing sent
    const event = parseEventLogs({
      abi: stakingAbi,
      eventName: 'ParamQueued',
      logs: receipt.logs,
    })[0];
    if (event) {
      input.io.out(
        `queued: ${name} → ${showValue(ctx, name, event.args.value)}, executable from ${isoTime(event.args.eta)} (param:execute --param ${name})`,
      );
    }
    return 0;
  },
};

export const paramExecute: Command = {
  name: 'param:execute',
  summary: 'apply a queued change once its eta has passed',
  kind: 'write',
  options: [paramOption],
  examples: ['param:execute --param fee-bps'],
  async run(input) {
    const name = paramFrom(input.options.required('param'));
    const run = await openWriter(input);
    const { ctx } = run;
    const [was, queued, now] = await Promise.all([
      current(ctx, name),
      pending(ctx, name),
      chainTime(ctx),
    ]);
    const details: [string, string][] = [
      ['parameter', `${name} (Param ${params[name].index})`],
      ['now', showValue(ctx, name, was)],
    ];
    if (queued.eta === 0n) details.push(['queued', 'nothing']);
    else {
      details.push(
        ['new', showValue(ctx, name, queued.value)],
        [
          'eta',
          `${isoTime(queued.eta)} (${queued.eta <= now ? 'passed' : `in ${duration(queued.eta - now)}`})`,
        ],
      );
    }
    const receipts = await sendSteps(run, [
      {
        title: `Apply the queued change of ${name}`,
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'executeParam',
        args: [params[name].index],
        details,
        formatErrorArg: errorArgs(ctx, name),
      },
    ]);
    if (receipts.length > 0) {
      input.io.out(`${name} is now ${showValue(ctx, name, await current(ctx, name))}`);
    }
    return 0;
  },
};

export const paramCancel: Command = {
  name: 'param:cancel',
  summary: 'cancel a queued change',
  kind: 'write',
  options: [paramOption],
  examples: ['param:cancel --param node-price'],
  async run(input) {
    const name = paramFrom(input.options.required('param'));
    const run = await openWriter(input);
    const { ctx } = run;
    const queued = await pending(ctx, name);
    await sendSteps(run, [
      {
        title: `Cancel the queued change of ${name}`,
        contract: 'Staking',
        address: ctx.contracts.staking,
        abi: stakingAbi,
        functionName: 'cancelParam',
        args: [params[name].index],
        details: [
          ['parameter', `${name} (Param ${params[name].index})`],
          [
            'queued',
            queued.eta === 0n
              ? 'nothing'
              : `${showValue(ctx, name, queued.value)} (eta ${isoTime(queued.eta)})`,
          ],
        ],
        formatErrorArg: errorArgs(ctx, name),
      },
    ]);
    return 0;
  },
};

export const paramList: Command = {
  name: 'param:list',
  summary: 'every timelocked parameter: current value, queued change and its eta',
  kind: 'read',
  options: [],
  examples: ['param:list', 'param:list --network BSC --json'],
  async run(input) {
    const ctx = await openChain(input);
    const now = await chainTime(ctx);
    const rows = await Promise.all(
      paramNames.map(async (name) => {
        const [value, queued] = await Promise.all([current(ctx, name), pending(ctx, name)]);
        return {
          name,
          index: params[name].index,
          value,
          pending: queued.eta === 0n ? null : { value: queued.value, eta: queued.eta },
          ready: queued.eta !== 0n && queued.eta <= now,
        };
      }),
    );
    if (input.options.flag('json')) {
      input.io.out(
        toJson({
          network: ctx.network.key,
          chainId: ctx.network.chainId,
          chainTime: now,
          params: rows,
        }),
      );
      return 0;
    }
    input.io.out(
      table(
        ['param', 'current', 'queued', 'eta'],
        rows.map((r) => [
          r.name,
          showValue(ctx, r.name, r.value),
          r.pending ? showValue(ctx, r.name, r.pending.value) : '-',
          r.pending
            ? `${isoTime(r.pending.eta)} (${r.ready ? 'ready' : `in ${duration(r.pending.eta - now)}`})`
            : '-',
        ]),
      ),
    );
    return 0;
  },
};
