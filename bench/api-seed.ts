/**
 * Seeds a database for bench/api: `users` signed-up addresses in a referral tree (5 children per
 * member), each with a position, `income` income rows spread over them and over the 7 sources,
 * activity rows (a quarter as many), a withdrawal and an exchange per user, the sums and counts
 * the indexer keeps, a cursor, pool figures and a market price, and `sessions` session tokens.
 * Plain SQL (generate_series), so it runs on PGlite and PostgreSQL alike.
 */
import { hashToken, newSessionToken } from '../server/src/auth/random.ts';
import type { Db } from '../server/src/db/db.ts';

const addr = (expr: string) => `'0x' || lpad(to_hex(${expr}), 40, '0')`;
const ROOT = `'0x${'f'.repeat(40)}'`;
/** Superior of member i: i / 5, the root for the first four. */
const up = (expr: string) => `CASE WHEN (${expr}) >= 1 THEN ${addr(expr)} ELSE ${ROOT} END`;

export async function seedApiBench(
  db: Db,
  opts: {
    users: number;
    income: number;
    sessions: number;
    now: Date;
    /** More chains with the same rows as chain 1 (bench/api's realistic mode: BSC, 56). */
    copies?: number[];
  },
): Promise<{ tokens: string[] }> {
  const { users, income } = opts;
  const stake = '1000000000'; // 1,000 USDC (6 decimals)
  const run = (sql: string, params: unknown[] = []) => db.query(sql, params);

  await run(
    `INSERT INTO users (address, invite_code, created_at, last_login_at)
     SELECT ${addr('i')}, 'B' || lpad(i::text, 7, '0'), $1, $1 FROM generate_series(1, ${users}) i`,
    [opts.now],
  );
  await run(
    `INSERT INTO referrals (chain_id, address, superior, upline2, upline3, block_number, log_index, tx_hash, bound_at)
     SELECT 1, ${addr('i')}, ${up('i / 5')},
            CASE WHEN i / 5 >= 1 THEN ${up('i / 25')} END,
            CASE WHEN i / 25 >= 1 THEN ${up('i / 125')} END,
            i, 0, '0x' || md5(i::text) || md5(i::text), $1
     FROM generate_series(1, ${users}) i`,
    [opts.now],
  );
  await run(
    `INSERT INTO accounts (chain_id, address, active_stake, total_staked, positions)
     SELECT 1, address, ${stake}, ${stake}, 1 FROM users`,
  );
  await run(`INSERT INTO accounts (chain_id, address) VALUES (1, ${ROOT})`);
  for (const [depth, column] of [
    [1, 'superior'],
    [2, 'upline2'],
    [3, 'upline3'],
  ] as const) {
    await run(
      `UPDATE accounts a SET members_d${depth} = c.n, team_stake_d${depth} = c.n * ${stake}
       FROM (SELECT ${column} AS up, count(*) AS n FROM referrals WHERE chain_id = 1 AND ${column} IS NOT NULL GROUP BY ${column}) c
       WHERE a.chain_id = 1 AND a.address = c.up`,
    );
  }
  await run(
    `INSERT INTO income (chain_id, block_number, log_index, address, source, from_address, token, amount, tx_hash, block_time)
     SELECT 1, j, 1, ${addr(`j % ${users} + 1`)}, j % 7, NULL,
            CASE WHEN j % 7 <= 2 THEN 'reward' ELSE 'usdc' END,
            (j::bigint * 7919 % 1000000 + 1)::numeric * 1000000000,
            '0x' || md5(j::text) || md5(j::text),
            $1::timestamptz - ((${income} - j) * interval '1 second')
     FROM generate_series(1, ${income}) j`,
    [opts.now],
  );
  await run(
    `INSERT INTO income_totals (chain_id, address, source, amount, credits)
     SELECT 1, address, source, sum(amount), count(*) FROM income GROUP BY address, source`,
  );
  await run(
    `INSERT INTO income_daily (chain_id, address, day, source, amount)
     SELECT 1, address, (block_time AT TIME ZONE 'UTC')::date, source, sum(amount) FROM income GROUP BY 2, 3, 4`,
  );
  await run(
    `INSERT INTO platform_income_daily (chain_id, day, source, amount)
     SELECT 1, (block_time AT TIME ZONE 'UTC')::date, source, sum(amount) FROM income GROUP BY 2, 3`,
  );
  // The record lists, newest first per address like the income: blocks after the income's.
  await run(
    `INSERT INTO activity (chain_id, block_number, log_index, address, type, token, amount, detail, tx_hash, block_time)
     SELECT 1, j, 2, ${addr(`j % ${users} + 1`)}, 'stake', 'usdc', ${stake}, '{"planId":0}',
            '0x' || md5(j::text) || md5(j::text), $1::timestamptz - ((${income} - j) * interval '1 second')
     FROM generate_series(1, ${income}, 4) j`,
    [opts.now],
  );
  for (const [table, columns, values] of [
    ['withdrawals', 'kind, token, amount', `'usdc', 'usdc', 1000000`],
    ['exchanges', 'amount_in, gross_usdc, fee, net_usdc', `10 ^ 18, 3000000, 30000, 2970000`],
  ] as const) {
    await run(
      `INSERT INTO ${table} (chain_id, block_number, log_index, address, ${columns}, tx_hash, block_time)
       SELECT 1, j, ${table === 'withdrawals' ? 3 : 4}, ${addr(`j % ${users} + 1`)}, ${values},
              '0x' || md5(j::text) || md5(j::text), $1::timestamptz - ((${income} - j) * interval '1 second')
       FROM generate_series(1, ${income}, ${Math.max(1, Math.floor(income / users))}) j`,
      [opts.now],
    );
  }
  await run(
    `INSERT INTO record_totals (chain_id, address, activity, withdrawals, exchanges, exchanged_in, exchanged_net, exchange_fees)
     SELECT 1, u.address,
            (SELECT count(*) FROM activity r WHERE r.chain_id = 1 AND r.address = u.address),
            (SELECT count(*) FROM withdrawals r WHERE r.chain_id = 1 AND r.address = u.address),
            x.n, x.amount_in, x.net, x.fee
     FROM users u, LATERAL (SELECT count(*) AS n, COALESCE(sum(amount_in), 0) AS amount_in,
                              COALESCE(sum(net_usdc), 0) AS net, COALESCE(sum(fee), 0) AS fee
                            FROM exchanges r WHERE r.chain_id = 1 AND r.address = u.address) x`,
  );
  await run(
    `INSERT INTO chain_cursors (chain_id, staking, block_number, block_hash, block_time, level_thresholds, updated_at)
     VALUES (1, '0x${'a'.repeat(40)}', ${income}, '0x${'b'.repeat(64)}', $1,
             ARRAY[1000000000, 5000000000, 20000000000, 50000000000, 100000000000, 500000000000]::numeric[], $1)`,
    [opts.now],
  );
  await run(
    `INSERT INTO chain_stats (chain_id, total_staked, active_stake, positions, stakers, bound)
     VALUES (1, ${users}::numeric * ${stake}, ${users}::numeric * ${stake}, ${users}, ${users}, ${users})`,
  );
  await run(
    `INSERT INTO market (chain_id, usdc_reserve, reward_reserve, block_number, block_time)
     VALUES (1, 3000000000000, 1000000000000000000000, ${income}, $1)`,
    [opts.now],
  );

  // The same index on the other chains: every chain-scoped table's rows again, chain id changed.
  const chainTables = [
    'referrals',
    'accounts',
    'income',
    'income_totals',
    'income_daily',
    'platform_income_daily',
    'activity',
    'withdrawals',
    'exchanges',
    'record_totals',
    'chain_cursors',
    'chain_stats',
    'market',
  ];
  for (const chainId of opts.copies ?? []) {
    for (const table of chainTables) {
      await run(
        `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table},
           to_jsonb(x) || jsonb_build_object('chain_id', $1::int))).* FROM ${table} x WHERE chain_id = 1`,
        [chainId],
      );
    }
  }

  const tokens = Array.from({ length: opts.sessions }, () => newSessionToken());
  await run(
    `INSERT INTO sessions (token_hash, user_id, chain_id, created_at, expires_at)
     SELECT t.hash, t.user_id, 1, $3, $4 FROM unnest($1::text[], $2::int[]) AS t(hash, user_id)`,
    [
      tokens.map(hashToken),
      tokens.map((_, i) => i + 1),
      opts.now,
      new Date(opts.now.getTime() + 24 * 3600 * 1000),
    ],
  );
  // A fresh 1M-row load would start autovacuum in the middle of the measurement: do it now.
  await run('VACUUM ANALYZE');
  // Likewise the checkpoint that writes the freshly loaded pages out (needs a superuser on
  // PostgreSQL; without one the measurement may include it).
  await run('CHECKPOINT').catch(() => undefined);
  return { tokens };
}
