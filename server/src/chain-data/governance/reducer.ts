/**
 * Governance and notices: timelocked parameter changes (queued, then executed, cancelled or
 * replaced by a newer queue of the same parameter), pausing, and a notice in every language for
 * each queued and each cancelled change.
 */
import type { Queryable } from '../../db/db.ts';
import { recordEvent, type LedgerPart, type LedgerWrites } from '../ledger/index.ts';
import type { Place, Reducer, Reducers } from '../shared/reduce.ts';
import type { ChunkWriter } from '../shared/write.ts';
import { timelockChanges, type TimelockRow } from './tables.ts';
import { cancelledNoticeTexts, queuedNoticeTexts } from './timelock-notice.ts';

/** A change of status of a queued row written in an earlier chunk. */
export interface TimelockSettle {
  param: number;
  status: 'executed' | 'cancelled' | 'replaced';
  block: bigint;
}

export interface GovernanceWrites {
  timelock: TimelockRow[];
  timelockSettles: TimelockSettle[];
}

/** Governance's part of the chunk's state. */
export interface GovernancePart {
  w: GovernanceWrites;
  /** Timelock rows queued in this chunk and still pending, by parameter. */
  queuedByParam: Map<number, TimelockRow>;
}

type State = GovernancePart & LedgerPart;

export const governanceReducers: Reducers<State> = {
  ParamQueued(s, log, e, place) {
    const { w, queuedByParam } = s;
    const param = Number(log.args.param);
    const previous = queuedByParam.get(param);
    if (previous) {
      previous.status = 'replaced';
      previous.settledBlock = e.blockNumber;
    } else {
      w.timelockSettles.push({ param, status: 'replaced', block: e.blockNumber });
    }
    const row: TimelockRow = {
      ...place,
      param,
      value: log.args.value,
      eta: new Date(Number(log.args.eta) * 1000),
      status: 'queued',
      settledBlock: null,
      noticeId: null,
    };
    w.timelock.push(row);
    queuedByParam.set(param, row);
  },
  ParamCancelled: settle,
  ParamChanged: settle,
  Paused: pause,
  Unpaused: pause,
};

function settle(
  s: State,
  log: Parameters<Reducer<State, 'ParamCancelled' | 'ParamChanged'>>[1],
  e: Parameters<Reducer<State, 'ParamChanged'>>[2],
  place: Place,
) {
  const param = Number(log.args.param);
  const status = log.eventName === 'ParamCancelled' ? 'cancelled' : 'executed';
  const pending = s.queuedByParam.get(param);
  if (pending) {
    pending.status = status;
    pending.settledBlock = e.blockNumber;
    s.queuedByParam.delete(param);
  } else {
    s.w.timelockSettles.push({ param, status, block: e.blockNumber });
  }
  recordEvent(s, log, place);
}

function pause(
  s: State,
  log: Parameters<Reducer<State, 'Paused' | 'Unpaused'>>[1],
  _e: unknown,
  place: Place,
) {
  s.w.stats.paused = log.eventName === 'Paused';
  recordEvent(s, log, place);
}

/** The timelock queue, and a notice for every queued (and cancelled) change. */
export async function writeTimelock(
  { q, target, insert }: ChunkWriter,
  w: GovernanceWrites & Pick<LedgerWrites, 'contractEvents'>,
): Promise<void> {
  const chain = target.chainId;
  // Rows queued in earlier chunks first, so this chunk's new rows are not matched.
  for (const s of w.timelockSettles) {
    await q.query(
      `UPDATE timelock_changes SET status = $3, settled_block = $4
       WHERE chain_id = $1 AND param = $2 AND status = 'queued'`,
      [chain, s.param, s.status, s.block.toString()],
    );
  }
  // One notice per event, keyed by its chain coordinates: a re-index (the notice kept by
  // resetIndex) finds the same row and keeps its id, links and read marks. Published at the block's
  // time, or now if the chain's clock runs ahead (a local chain moved on).
  const written: number[] = [];
  const notice = async (texts: object, at: Place) => {
    const result = await q.query<{ id: number }>(
      `INSERT INTO notices (kind, texts, created_at, published_at, chain_id, block_number, log_index, contract)
       VALUES ('timelock', $1, $2, $3, $4, $5, $6,
         (SELECT staking FROM chain_cursors WHERE chain_id = $4))
       ON CONFLICT (chain_id, block_number, log_index)
         DO UPDATE SET texts = EXCLUDED.texts, contract = EXCLUDED.contract
       RETURNING id`,
      [
        JSON.stringify(texts),
        target.now,
        at.time < target.now ? at.time : target.now,
        chain,
        at.blockNumber.toString(),
        at.logIndex,
      ],
    );
    written.push(Number(result.rows[0]!.id));
    return result;
  };
  for (const row of w.timelock) {
    const created = await notice(
      queuedNoticeTexts({
        param: row.param,
        value: row.value,
        eta: row.eta,
        network: target.network,
        usdcDecimals: target.usdcDecimals,
      }),
      row,
    );
    row.noticeId = Number(created.rows[0]!.id);
  }
  await insert(timelockChanges, w.timelock);
  for (const e of w.contractEvents) {
    if (e.name !== 'ParamCancelled') continue;
    await notice(cancelledNoticeTexts({ param: Number(e.args.param), network: target.network }), e);
  }
  // A kept notice of this chunk's blocks whose event is not on the chain any more (the chain
  // changed before a re-index): gone, with its read marks.
  const stale = `SELECT id FROM notices WHERE kind = 'timelock' AND chain_id = $1
    AND block_number > $2 AND block_number <= $3${written.length ? ` AND id NOT IN (${written.join(', ')})` : ''}`;
  const range = [chain, target.from.blockNumber.toString(), target.to.blockNumber.toString()];
  await q.query(`DELETE FROM notice_reads WHERE notice_id IN (${stale})`, range);
  await q.query(`DELETE FROM notices WHERE id IN (${stale})`, range);
}

/**
 * A new index of `staking` from `startBlock` (a new deployment, or a re-index): the timelock
 * notices kept on this chain that belong to another contract, or that lie below the start block,
 * describe changes of a contract users no longer use, and no chunk of this index will ever cover
 * them. They go, with their read marks. The notices of this contract from its start block on stay,
 * with their ids and read marks: the re-index finds each again by its chain coordinates (and
 * removes one whose event is gone). A notice of unknown contract (NULL: kept across migration 008
 * by a reset) is judged by its block only, and then by the chunks.
 */
export async function dropForeignTimelockNotices(
  q: Queryable,
  chainId: number,
  staking: string,
  startBlock: bigint,
): Promise<void> {
  const foreign = `SELECT id FROM notices WHERE kind = 'timelock' AND chain_id = $1
    AND (contract <> $2 OR block_number < $3)`;
  const args = [chainId, staking.toLowerCase(), startBlock.toString()];
  await q.query(`DELETE FROM notice_reads WHERE notice_id IN (${foreign})`, args);
  await q.query(`DELETE FROM notices WHERE id IN (${foreign})`, args);
}
