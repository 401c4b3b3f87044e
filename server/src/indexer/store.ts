/**
 * The indexer's database side: the cursor, the uplines a chunk needs, and writing one chunk (rows,
 * sums, notices and the cursor) in one transaction with bulk statements.
 */
import type { Db, Queryable } from '../db/db.ts';
import type { ChunkWrites, Uplines } from './chunk.ts';
import { cancelledNoticeTexts, queuedNoticeTexts } from './timelock-notice.ts';

export interface Cursor {
  chainId: number;
  staking: string;
  blockNumber: bigint;
  blockHash: string;
  blockTime: Date | null;
  levelThresholds: bigint[];
}

type R = Record<string, unknown>;

export async function readCursor(q: Queryable, chainId: number): Promise<Cursor | null> {
  const r = await q.query<R>('SELECT * FROM chain_cursors WHERE chain_id = $1', [chainId]);
  const row = r.rows[0];
  if (!row) return null;
  return {
    chainId,
    staking: row.staking as string,
    blockNumber: BigInt(row.block_number as string | number),
    blockHash: row.block_hash as string,
    blockTime: (row.block_time as Date | null) ?? null,
    levelThresholds: (row.level_thresholds as (string | number)[]).map((v) => BigInt(v)),
  };
}

/** The cursor of a new index ("block `startBlock - 1` is done"), with the pool's reserves then. */
export async function createCursor(
  q: Queryable,
  cursor: Cursor,
  now: Date,
  market: ChunkWrites['market'] = null,
): Promise<void> {
  await q.query(
    `INSERT INTO chain_cursors (chain_id, staking, block_number, block_hash, block_time, level_thresholds, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::numeric[], $7)
     ON CONFLICT (chain_id) DO NOTHING`,
    [
      cursor.chainId,
      cursor.staking,
      cursor.blockNumber.toString(),
      cursor.blockHash,
      cursor.blockTime,
      cursor.levelThresholds.map(String),
      now,
    ],
  );
  await q.query('INSERT INTO chain_stats (chain_id) VALUES ($1) ON CONFLICT DO NOTHING', [
    cursor.chainId,
  ]);
  if (market) await writeMarket(q, cursor.chainId, market);
}

async function writeMarket(
  q: Queryable,
  chainId: number,
  market: NonNullable<ChunkWrites['market']>,
): Promise<void> {
  await q.query(
    `INSERT INTO market (chain_id, usdc_reserve, reward_reserve, block_number, block_time)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (chain_id) DO UPDATE SET usdc_reserve = EXCLUDED.usdc_reserve,
       reward_reserve = EXCLUDED.reward_reserve, block_number = EXCLUDED.block_number,
       block_time = EXCLUDED.block_time`,
    [
      chainId,
      market.usdcReserve.toString(),
      market.rewardReserve.toString(),
      market.blockNumber.toString(),
      market.time,
    ],
  );
}

export async function loadUplines(
  q: Queryable,
  chainId: number,
  addresses: string[],
): Promise<Map<string, Uplines>> {
  const map = new Map<string, Uplines>();
  if (addresses.length === 0) return map;
  const r = await q.query<R>(
    `SELECT address, superior, upline2, upline3 FROM referrals
     WHERE chain_id = $1 AND address = ANY($2::text[])`,
    [chainId, addresses],
  );
  for (const row of r.rows) {
    map.set(row.address as string, {
      superior: row.superior as string,
      upline2: (row.upline2 as string | null) ?? null,
      upline3: (row.upline3 as string | null) ?? null,
    });
  }
  return map;
}

/** Someone else moved the cursor: a second indexer, which the advisory lock should prevent. */
export class CursorMovedError extends Error {
  constructor(chainId: number) {
    super(`chain ${chainId}: the index cursor moved under this indexer (is another one running?)`);
    this.name = 'CursorMovedError';
  }
}

type Column = [name: string, type: string];

/**
 * INSERT ... SELECT FROM unnest(arrays): one statement for any number of rows. Values are passed
 * as arrays per column (numbers and bigints as strings, so uint256 amounts stay exact).
 */
async function bulk(
  q: Queryable,
  sql: (select: string) => string,
  columns: Column[],
  rows: unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const arrays = columns.map((_, i) => rows.map((row) => toParam(row[i])));
  const select = `SELECT * FROM unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) AS t(${columns.map(([name]) => name).join(', ')})`;
  await q.query(sql(select), arrays);
}

const toParam = (v: unknown): unknown =>
  typeof v === 'bigint'
    ? v.toString()
    : v instanceof Date
      ? v.toISOString()
      : v !== null && typeof v === 'object'
        ? JSON.stringify(v)
        : v;

const place: Column[] = [
  ['block_number', 'bigint'],
  ['log_index', 'integer'],
  ['tx_hash', 'text'],
  ['block_time', 'timestamptz'],
];
const placeOf = (r: { blockNumber: bigint; logIndex: number; txHash: string; time: Date }) => [
  r.blockNumber,
  r.logIndex,
  r.txHash,
  r.time,
];

export interface ChunkTarget {
  chainId: number;
  network: string;
  usdcDecimals: number;
  /** The cursor the chunk continues from (must still be in the database). */
  from: { blockNumber: bigint; blockHash: string };
  /** The cursor after the chunk. */
  to: { blockNumber: bigint; blockHash: string; time: Date | null };
  now: Date;
}

/** Writes everything of one chunk and moves the cursor, in the caller's transaction. */
export async function writeChunk(q: Queryable, target: ChunkTarget, w: ChunkWrites): Promise<void> {
  const chain = target.chainId;
  const withChain = (cols: string) => `chain_id, ${cols}`;
  const names = (cols: Column[]) => cols.map(([n]) => n).join(', ');
  const insert = (table: string, cols: Column[], rows: unknown[][], conflict = '') =>
    bulk(
      q,
      (select) =>
        `INSERT INTO ${table} (${withChain(names(cols))}) SELECT ${chain}, * FROM (${select}) s ${conflict}`,
      cols,
      rows,
    );

  await insert(
    'referrals',
    [
      ['address', 'text'],
      ['superior', 'text'],
      ['upline2', 'text'],
      ['upline3', 'text'],
      ['block_number', 'bigint'],
      ['log_index', 'integer'],
      ['tx_hash', 'text'],
      ['bound_at', 'timestamptz'],
    ],
    w.referrals.map((r) => [r.address, r.superior, r.upline2, r.upline3, ...placeOf(r)]),
  );
  await insert(
    'plans',
    [
      ['plan_id', 'integer'],
      ['term_days', 'integer'],
      ['daily_rate', 'numeric'],
      ['cap', 'numeric'],
      ['opens_at', 'timestamptz'],
      ['closes_at', 'timestamptz'],
      ['created_block', 'bigint'],
    ],
    w.plans.map((p) => [
      p.planId,
      p.termDays,
      p.dailyRate,
      p.cap,
      p.opensAt,
      p.closesAt,
      p.createdBlock,
    ]),
  );
  for (const c of w.planCloses) {
    await q.query('UPDATE plans SET closes_at = $3 WHERE chain_id = $1 AND plan_id = $2', [
      chain,
      c.planId,
      c.closesAt,
    ]);
  }
  await insert(
    'positions',
    [
      ['address', 'text'],
      ['position_id', 'integer'],
      ['plan_id', 'integer'],
      ['amount', 'numeric'],
      ['reserved', 'numeric'],
      ['start_time', 'timestamptz'],
      ['end_time', 'timestamptz'],
      ['block_number', 'bigint'],
      ['tx_hash', 'text'],
      ['released_at', 'timestamptz'],
      ['released_early', 'boolean'],
      ['released_paid', 'boolean'],
    ],
    w.positions.map((p) => [
      p.address,
      p.positionId,
      p.planId,
      p.amount,
      p.reserved,
      p.startTime,
      p.endTime,
      p.blockNumber,
      p.txHash,
      p.releasedAt,
      p.releasedEarly,
      p.releasedPaid,
    ]),
  );
  await bulk(
    q,
    (select) =>
      `UPDATE positions p SET released_at = t.released_at, released_early = t.early, released_paid = t.paid
       FROM (${select}) t WHERE p.chain_id = ${chain} AND p.address = t.address AND p.position_id = t.position_id`,
    [
      ['address', 'text'],
      ['position_id', 'integer'],
      ['released_at', 'timestamptz'],
      ['early', 'boolean'],
      ['paid', 'boolean'],
    ],
    w.releases.map((r) => [r.address, r.positionId, r.time, r.early, r.paid]),
  );
  await insert(
    'income',
    [
      ['address', 'text'],
      ['source', 'smallint'],
      ['from_address', 'text'],
      ['token', 'text'],
      ['amount', 'numeric'],
      ...place,
    ],
    w.income.map((r) => [r.address, r.source, r.from, r.token, r.amount, ...placeOf(r)]),
  );
  await insert(
    'exchanges',
    [
      ['address', 'text'],
      ['amount_in', 'numeric'],
      ['gross_usdc', 'numeric'],
      ['fee', 'numeric'],
      ['net_usdc', 'numeric'],
      ...place,
    ],
    w.exchanges.map((r) => [r.address, r.amountIn, r.grossUsdc, r.fee, r.netUsdc, ...placeOf(r)]),
  );
  await insert(
    'withdrawals',
    [['address', 'text'], ['kind', 'text'], ['token', 'text'], ['amount', 'numeric'], ...place],
    w.withdrawals.map((r) => [r.address, r.kind, r.token, r.amount, ...placeOf(r)]),
  );
  await insert(
    'memberships',
    [
      ['address', 'text'],
      ['membership', 'smallint'],
      ['price', 'numeric'],
      ['upgrade', 'boolean'],
      ['treasury', 'text'],
      ...place,
    ],
    w.memberships.map((r) => [
      r.address,
      r.membership,
      r.price,
      r.upgrade,
      r.treasury,
      ...placeOf(r),
    ]),
  );
  await insert(
    'activity',
    [
      ['address', 'text'],
      ['type', 'text'],
      ['token', 'text'],
      ['amount', 'numeric'],
      ['detail', 'jsonb'],
      ...place,
    ],
    w.activity.map((r) => [r.address, r.type, r.token, r.amount, r.detail, ...placeOf(r)]),
  );
  await insert(
    'contract_events',
    [['name', 'text'], ['args', 'jsonb'], ...place],
    w.contractEvents.map((r) => [r.name, r.args, ...placeOf(r)]),
  );

  await insert(
    'accounts',
    [
      ['address', 'text'],
      ['active_stake', 'numeric'],
      ['total_staked', 'numeric'],
      ['positions', 'integer'],
      ['members_d1', 'integer'],
      ['members_d2', 'integer'],
      ['members_d3', 'integer'],
      ['team_stake_d1', 'numeric'],
      ['team_stake_d2', 'numeric'],
      ['team_stake_d3', 'numeric'],
      ['membership', 'smallint'],
      ['purchased_node', 'boolean'],
      ['purchased_founder', 'boolean'],
    ],
    [...w.accounts].map(([address, d]) => [
      address,
      d.activeStake,
      d.totalStaked,
      d.positions,
      ...d.members,
      ...d.teamStake,
      d.membership ?? 0,
      d.purchasedNode,
      d.purchasedFounder,
    ]),
    // Memberships only ever go up (none → node → founder), so the larger one is the current one.
    `ON CONFLICT (chain_id, address) DO UPDATE SET
       active_stake = accounts.active_stake + EXCLUDED.active_stake,
       total_staked = accounts.total_staked + EXCLUDED.total_staked,
       positions = accounts.positions + EXCLUDED.positions,
       members_d1 = accounts.members_d1 + EXCLUDED.members_d1,
       members_d2 = accounts.members_d2 + EXCLUDED.members_d2,
       members_d3 = accounts.members_d3 + EXCLUDED.members_d3,
       team_stake_d1 = accounts.team_stake_d1 + EXCLUDED.team_stake_d1,
       team_stake_d2 = accounts.team_stake_d2 + EXCLUDED.team_stake_d2,
       team_stake_d3 = accounts.team_stake_d3 + EXCLUDED.team_stake_d3,
       membership = GREATEST(accounts.membership, EXCLUDED.membership),
       purchased_node = accounts.purchased_node OR EXCLUDED.purchased_node,
       purchased_founder = accounts.purchased_founder OR EXCLUDED.purchased_founder`,
  );
  const sumInto = (table: string, keyCols: Column[], map: Map<string, bigint>) =>
    insert(
      table,
      [...keyCols, ['amount', 'numeric']],
      [...map].map(([key, amount]) => [...key.split('|'), amount]),
      `ON CONFLICT (chain_id, ${names(keyCols)}) DO UPDATE SET amount = ${table}.amount + EXCLUDED.amount`,
    );
  await sumInto(
    'income_totals',
    [
      ['address', 'text'],
      ['source', 'smallint'],
    ],
    w.incomeTotals,
  );
  await sumInto(
    'income_daily',
    [
      ['address', 'text'],
      ['day', 'date'],
      ['source', 'smallint'],
    ],
    w.incomeDaily,
  );
  await sumInto(
    'platform_income_daily',
    [
      ['day', 'date'],
      ['source', 'smallint'],
    ],
    w.platformDaily,
  );
  await sumInto('stake_daily', [['day', 'date']], w.stakeDaily);

  const s = w.stats;
  await q.query(
    `UPDATE chain_stats SET total_staked = total_staked + $2, active_stake = active_stake + $3,
       positions = positions + $4, stakers = stakers + $5, bound = bound + $6,
       paused = COALESCE($7, paused)
     WHERE chain_id = $1`,
    [
      chain,
      s.totalStaked.toString(),
      s.activeStake.toString(),
      s.positions,
      s.stakers,
      s.bound,
      s.paused,
    ],
  );
  if (w.market) await writeMarket(q, chain, w.market);

  await writeTimelock(q, target, w);

  const moved = await q.query(
    `UPDATE chain_cursors SET block_number = $2, block_hash = $3, block_time = COALESCE($4, block_time), updated_at = $5
     WHERE chain_id = $1 AND block_number = $6 AND block_hash = $7`,
    [
      chain,
      target.to.blockNumber.toString(),
      target.to.blockHash,
      target.to.time,
      target.now,
      target.from.blockNumber.toString(),
      target.from.blockHash,
    ],
  );
  if (moved.rowCount !== 1) throw new CursorMovedError(chain);
}

/** The timelock queue, and a notice for every queued (and cancelled) change. */
async function writeTimelock(q: Queryable, target: ChunkTarget, w: ChunkWrites): Promise<void> {
  const chain = target.chainId;
  // Rows queued in earlier chunks first, so this chunk's new rows are not matched.
  for (const s of w.timelockSettles) {
    await q.query(
      `UPDATE timelock_changes SET status = $3, settled_block = $4
       WHERE chain_id = $1 AND param = $2 AND status = 'queued'`,
      [chain, s.param, s.status, s.block.toString()],
    );
  }
  // Published at the block's time, or now if the chain's clock runs ahead (a local chain moved on).
  const notice = (texts: object, blockTime: Date) =>
    q.query<{ id: number }>(
      `INSERT INTO notices (kind, texts, created_at, published_at, chain_id)
       VALUES ('timelock', $1, $2, $3, $4) RETURNING id`,
      [JSON.stringify(texts), target.now, blockTime < target.now ? blockTime : target.now, chain],
    );
  for (const row of w.timelock) {
    const created = await notice(
      queuedNoticeTexts({
        param: row.param,
        value: row.value,
        eta: row.eta,
        network: target.network,
        usdcDecimals: target.usdcDecimals,
      }),
      row.time,
    );
    await q.query(
      `INSERT INTO timelock_changes (chain_id, block_number, log_index, param, value, eta, status,
         settled_block, notice_id, tx_hash, block_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        chain,
        row.blockNumber.toString(),
        row.logIndex,
        row.param,
        row.value.toString(),
        row.eta,
        row.status,
        row.settledBlock?.toString() ?? null,
        created.rows[0]!.id,
        row.txHash,
        row.time,
      ],
    );
  }
  for (const e of w.contractEvents) {
    if (e.name !== 'ParamCancelled') continue;
    await notice(
      cancelledNoticeTexts({ param: Number(e.args.param), network: target.network }),
      e.time,
    );
  }
}

/** Deletes a chain's whole index (operator's reset after a chain reset or a new deployment). */
export async function resetIndex(db: Db, chainId: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const table of [
      'referrals',
      'plans',
      'positions',
      'stake_daily',
      'income',
      'income_totals',
      'income_daily',
      'platform_income_daily',
      'exchanges',
      'withdrawals',
      'memberships',
      'activity',
      'contract_events',
      'timelock_changes',
      'accounts',
      'market',
      'chain_stats',
      'chain_cursors',
    ]) {
      await tx.query(`DELETE FROM ${table} WHERE chain_id = $1`, [chainId]);
    }
    await tx.query(
      `DELETE FROM notice_reads WHERE notice_id IN (SELECT id FROM notices WHERE kind = 'timelock' AND chain_id = $1)`,
      [chainId],
    );
    await tx.query(`DELETE FROM notices WHERE kind = 'timelock' AND chain_id = $1`, [chainId]);
  });
}
