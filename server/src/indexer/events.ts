/**
 * Decoding the logs the indexer fetches: every event of Staking, and Sync of the reward/USDC pair
 * (its reserves give the market price). ABIs come from the generated contracts module only.
 */
import { pairAbi, stakingAbi } from '@app/contracts/generated';
import {
  toEventSelector,
  type AbiEvent,
  type Address,
  type Hash,
  type Hex,
  type Log,
  type parseEventLogs,
} from 'viem';

const syncAbi = pairAbi.filter((item) => item.type === 'event' && item.name === 'Sync');

/** The decoded shape (`eventName`, typed `args`) as viem types it; addresses are lower-case. */
type Decoded<A extends readonly unknown[]> = ReturnType<
  typeof parseEventLogs<A>
>[number] extends infer L
  ? L extends { eventName: unknown; args: unknown }
    ? Pick<L, 'eventName' | 'args'>
    : never
  : never;
export type StakingLog = Decoded<typeof stakingAbi>;
export type SyncLog = Decoded<typeof syncAbi>;

/** A decoded log with what every table needs: where it is and when. */
export type ChainEvent = (
  { contract: 'staking'; log: StakingLog } | { contract: 'pair'; log: SyncLog }
) & { blockNumber: bigint; logIndex: number; txHash: Hash; time: Date };

/** Block time of a log: the node's `blockTimestamp` field when it sends one, else from `times`. */
function timeOf(log: Log, times: Map<bigint, Date>): Date {
  const ts = (log as { blockTimestamp?: bigint | null }).blockTimestamp;
  if (typeof ts === 'bigint') return new Date(Number(ts) * 1000);
  const t = times.get(log.blockNumber!);
  if (!t) throw new Error(`no block time for block ${log.blockNumber}`);
  return t;
}

/** Blocks whose logs came without `blockTimestamp` (their headers must be fetched). */
export function blocksWithoutTime(logs: readonly Log[]): bigint[] {
  const missing = new Set<bigint>();
  for (const log of logs) {
    if (typeof (log as { blockTimestamp?: unknown }).blockTimestamp !== 'bigint') {
      missing.add(log.blockNumber!);
    }
  }
  return [...missing];
}

/** One 32-byte word as the value of a static ABI type (the only kind these events have). */
function word(type: string, hex: string): unknown {
  if (type === 'address') return `0x${hex.slice(24)}`;
  if (type === 'bool') return hex.endsWith('1');
  const int = /^(u?)int(\d*)$/.exec(type);
  if (int) {
    const bits = Number(int[2] || 256);
    const raw = BigInt(`0x${hex}`);
    const value = int[1] ? raw : BigInt.asIntN(bits, raw);
    // As viem does: integers of up to 48 bits (enums, times, counts) are numbers.
    return bits <= 48 ? Number(value) : value;
  }
  throw new Error(`event decoder: unsupported type ${type}`);
}

interface EventDecoder {
  name: string;
  decode(topics: readonly Hex[], data: Hex): Record<string, unknown>;
}

/**
 * Decoders by topic0 for every event of `abi`. Every parameter of these events is a static type
 * (address, uint, bool, enum), so each one is a topic or one word of the data; addresses come out
 * lower-case (the index stores them so), which spares a keccak per address over viem's decoder —
 * the indexer decodes tens of thousands of logs a second. `events.test.ts` checks it against viem.
 */
function decodersOf(abi: readonly unknown[]): Map<string, EventDecoder> {
  const out = new Map<string, EventDecoder>();
  for (const item of abi as AbiEvent[]) {
    if (item.type !== 'event' || item.anonymous) continue;
    const inputs = item.inputs.map((input) => {
      // enums are uint8 in the ABI; dynamic types would need real ABI decoding.
      if (/\[|^(string|bytes)$|^tuple/.test(input.type)) {
        throw new Error(`event decoder: ${item.name}.${input.name} is not a static type`);
      }
      return { name: input.name!, type: input.type, indexed: input.indexed === true };
    });
    out.set(toEventSelector(item), {
      name: item.name,
      decode(topics, data) {
        const args: Record<string, unknown> = {};
        let topic = 1;
        let offset = 2;
        for (const input of inputs) {
          if (input.indexed) {
            args[input.name] = word(input.type, topics[topic++]!.slice(2));
          } else {
            args[input.name] = word(input.type, data.slice(offset, offset + 64));
            offset += 64;
          }
        }
        return args;
      },
    });
  }
  return out;
}

const stakingDecoders = decodersOf(stakingAbi);
const syncDecoders = decodersOf(syncAbi);

/** Decodes one log with `decoders`, or null for an event they do not know. */
function decodeOne(decoders: Map<string, EventDecoder>, log: Log) {
  const decoder = log.topics[0] ? decoders.get(log.topics[0]) : undefined;
  if (!decoder) return null;
  return { eventName: decoder.name, args: decoder.decode(log.topics, log.data) };
}

/**
 * Decodes the logs of one chunk in chain order. Logs of other contracts or events the ABIs do not
 * know are dropped (the pair also emits Swap, Transfer, ...).
 */
export function decodeLogs(
  logs: readonly Log[],
  addresses: { staking: Address; pair: Address },
  times: Map<bigint, Date> = new Map(),
): ChainEvent[] {
  const staking = addresses.staking.toLowerCase();
  const pair = addresses.pair.toLowerCase();
  const events: ChainEvent[] = [];
  for (const log of logs) {
    const address = log.address.toLowerCase();
    const contract = address === staking ? 'staking' : address === pair ? 'pair' : null;
    if (!contract) continue;
    const decoded = decodeOne(contract === 'staking' ? stakingDecoders : syncDecoders, log);
    if (!decoded) continue;
    events.push({
      contract,
      log: decoded,
      blockNumber: log.blockNumber!,
      logIndex: log.logIndex!,
      txHash: log.transactionHash!,
      time: timeOf(log, times),
    } as ChainEvent);
  }
  events.sort((a, b) =>
    a.blockNumber === b.blockNumber
      ? a.logIndex - b.logIndex
      : a.blockNumber < b.blockNumber
        ? -1
        : 1,
  );
  return events;
}
