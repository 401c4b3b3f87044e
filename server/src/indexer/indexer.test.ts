/**
 * The indexer against a real anvil with the real contracts: a three-level team stakes, mines,
 * exchanges on the local DEX, withdraws, buys a node, and the operator queues a timelocked change.
 * Every indexed figure is checked against what the contract itself says.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pairAbi, stakingAbi, stakingLensAbi } from '@app/contracts/generated';
import { parseEventLogs, parseUnits, type Address } from 'viem';
import { decodeLogs } from './events.ts';
import { engines, getJson, okData, startTestServer, type TestServer } from '../testing/harness.ts';
import { startTestChain, type Actor, type TestChain } from '../testing/chain.ts';
import { playTeamScenario } from '../testing/scenario.ts';

const lower = (a: string) => a.toLowerCase();

for (const engine of engines()) {
  describe(`indexer (${engine})`, () => {
    let chain: TestChain;
    let server: TestServer;
    let a: Actor, b: Actor, c: Actor, d: Actor;

    const account = (user: Address) =>
      chain.client.readContract({
        address: chain.deployment.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getAccount',
        args: [user],
      });
    const row = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      (await server.db.query<T & Record<string, unknown>>(sql, params)).rows;
    const caughtUp = async () =>
      server.indexers.byChain.get(chain.chainId)!.waitForBlock(await chain.head());

    before(async () => {
      chain = await startTestChain(1);
      ({ a, b, c, d } = await playTeamScenario(chain));

      server = await startTestServer(engine, {
        rpcUrls: { [chain.chainId]: chain.rpcUrl },
        indexerPollMs: 100,
      });
      await caughtUp();
    });
    after(async () => {
      await server?.stop();
      await chain?.stop();
    });

    it('records the referral tree with each member’s three uplines', async () => {
      const tree = await row<{
        address: string;
        superior: string;
        upline2: string;
        upline3: string;
      }>(
        'SELECT address, superior, upline2, upline3 FROM referrals WHERE chain_id = 1 AND address = $1',
        [lower(d.address)],
      );
      assert.deepEqual(tree[0], {
        address: lower(d.address),
        superior: lower(c.address),
        upline2: lower(b.address),
        upline3: lower(a.address),
      });
      const [stats] = await row<{ bound: number }>(
        'SELECT bound FROM chain_stats WHERE chain_id = 1',
      );
      assert.equal(stats!.bound, 4);
    });

    it('keeps team performance and member counts equal to the contract’s', async () => {
      for (const user of [chain.operator, a, b, c, d]) {
        const [indexed] = await row<{ team: string; members: number }>(
          `SELECT (team_stake_d1 + team_stake_d2 + team_stake_d3)::text AS team,
                  members_d1 + members_d2 + members_d3 AS members
           FROM accounts WHERE chain_id = 1 AND address = $1`,
          [lower(user.address)],
        );
        const onChain = await account(user.address);
        assert.equal(indexed?.team ?? '0', onChain.teamStake.toString(), user.address);
      }
      const [root] = await row<{ d1: number; d2: number; d3: number }>(
        'SELECT members_d1 AS d1, members_d2 AS d2, members_d3 AS d3 FROM accounts WHERE chain_id = 1 AND address = $1',
        [lower(a.address)],
      );
      assert.deepEqual({ ...root }, { d1: 1, d2: 1, d3: 1 });
    });

    it('indexes every income credit with its source, and sums that match the credits', async () => {
      const income = await row<{
        address: string;
        source: number;
        from_address: string;
        amount: string;
      }>(
        'SELECT address, source, from_address, amount::text FROM income WHERE chain_id = 1 ORDER BY block_number, log_index',
      );
      assert.deepEqual(
        income.map((r) => [r.address, r.source, r.from_address]),
        [
          [lower(d.address), 0, lower(d.address)],
          [lower(c.address), 1, lower(d.address)],
          [lower(b.address), 2, lower(d.address)],
          [lower(a.address), 2, lower(d.address)],
        ],
      );
      // Commissions are 10% / 8% / 5% of the mining (rounded down per credit).
      const mined = BigInt(income[0]!.amount);
      assert.equal(BigInt(income[1]!.amount), (mined * 1000n) / 10_000n);
      assert.equal(BigInt(income[2]!.amount), (mined * 800n) / 10_000n);
      assert.equal(BigInt(income[3]!.amount), (mined * 500n) / 10_000n);
      // What C earned and did not exchange is what the contract holds for C.
      assert.equal((await account(c.address)).earned, BigInt(income[1]!.amount));
      const totals = await row<{ amount: string }>(
        'SELECT amount::text FROM income_totals WHERE chain_id = 1 AND address = $1 AND source = 0',
        [lower(d.address)],
      );
      assert.equal(totals[0]!.amount, income[0]!.amount);
      // income_totals counts the credits it sums (the income list's total).
      const drift = await row(
        `SELECT t.address, t.source FROM income_totals t
         WHERE t.chain_id = 1 AND t.credits <> (SELECT count(*) FROM income i
           WHERE i.chain_id = 1 AND i.address = t.address AND i.source = t.source)`,
        [],
      );
      assert.deepEqual(drift, []);
    });

    it('indexes exchanges and withdrawals: D’s withdrawable is what it exchanged minus what it withdrew', async () => {
      const [ex] = await row<{ net: string; amount_in: string }>(
        'SELECT net_usdc::text AS net, amount_in::text FROM exchanges WHERE chain_id = 1 AND address = $1',
        [lower(d.address)],
      );
      const [wd] = await row<{ amount: string; kind: string }>(
        'SELECT amount::text, kind FROM withdrawals WHERE chain_id = 1 AND address = $1',
        [lower(d.address)],
      );
      assert.equal(wd!.kind, 'usdc');
      const live = await account(d.address);
      assert.equal(live.withdrawable, BigInt(ex!.net) - BigInt(wd!.amount));
      const activity = await row<{ type: string }>(
        'SELECT type FROM activity WHERE chain_id = 1 AND address = $1 ORDER BY block_number, log_index',
        [lower(d.address)],
      );
      assert.deepEqual(
        activity.map((r) => r.type),
        ['bind', 'stake', 'exchange', 'withdraw'],
      );
      // record_totals counts each list's rows and sums the exchanges (the lists' totals).
      const totalsDrift = await row(
        `SELECT t.address FROM record_totals t,
           LATERAL (SELECT count(*) AS n, COALESCE(sum(amount_in), 0) AS amount_in,
                      COALESCE(sum(net_usdc), 0) AS net, COALESCE(sum(fee), 0) AS fee
                    FROM exchanges r WHERE r.chain_id = 1 AND r.address = t.address) x
         WHERE t.chain_id = 1 AND (
           t.activity <> (SELECT count(*) FROM activity r WHERE r.chain_id = 1 AND r.address = t.address)
           OR t.withdrawals <> (SELECT count(*) FROM withdrawals r WHERE r.chain_id = 1 AND r.address = t.address)
           OR (t.exchanges, t.exchanged_in, t.exchanged_net, t.exchange_fees) <> (x.n, x.amount_in, x.net, x.fee))
         UNION ALL
         SELECT address FROM activity a WHERE chain_id = 1
           AND NOT EXISTS (SELECT 1 FROM record_totals t WHERE t.chain_id = 1 AND t.address = a.address)`,
        [],
      );
      assert.deepEqual(totalsDrift, []);
      const [dTotals] = await row<{ exchanges: number; withdrawals: number; activity: number }>(
        'SELECT exchanges, withdrawals, activity FROM record_totals WHERE chain_id = 1 AND address = $1',
        [lower(d.address)],
      );
      assert.deepEqual(dTotals, { exchanges: 1, withdrawals: 1, activity: 4 });
    });

    it('keeps pool totals, the node purchase and the market price as the chain has them', async () => {
      const [stats] = await row<{
        total: string;
        active: string;
        positions: number;
        stakers: number;
      }>(
        'SELECT total_staked::text AS total, active_stake::text AS active, positions, stakers FROM chain_stats WHERE chain_id = 1',
      );
      const totalStaked = await chain.client.readContract({
        address: chain.deployment.staking,
        abi: stakingAbi,
        functionName: 'totalStaked',
      });
      assert.equal(stats!.total, totalStaked.toString());
      assert.equal(stats!.active, totalStaked.toString());
      assert.equal(stats!.positions, 4);
      assert.equal(stats!.stakers, 4);
      const [member] = await row<{ membership: number; purchased_node: boolean }>(
        'SELECT membership, purchased_node FROM accounts WHERE chain_id = 1 AND address = $1',
        [lower(a.address)],
      );
      assert.deepEqual({ ...member }, { membership: 1, purchased_node: true });
      // The node's price, paid on to the treasury of that block (the deployer's) by d.
      const payments = await row<{ treasury: string; amount: string }>(
        'SELECT treasury, amount::text AS amount FROM treasury_payments WHERE chain_id = 1',
      );
      assert.deepEqual(
        payments.map((p) => ({ ...p })),
        [{ treasury: lower(chain.operator.address), amount: parseUnits('1000', 6).toString() }],
      );
      const [market] = await row<{ usdc: string; reward: string }>(
        'SELECT usdc_reserve::text AS usdc, reward_reserve::text AS reward FROM market WHERE chain_id = 1',
      );
      const [r0, r1] = await chain.client.readContract({
        address: chain.deployment.pair,
        abi: [
          {
            type: 'function',
            name: 'getReserves',
            stateMutability: 'view',
            inputs: [],
            outputs: [
              { name: 'reserve0', type: 'uint112' },
              { name: 'reserve1', type: 'uint112' },
              { name: 'blockTimestampLast', type: 'uint32' },
            ],
          },
        ] as const,
        functionName: 'getReserves',
      });
      const usdcFirst = lower(chain.deployment.usdc) < lower(chain.deployment.rewardToken);
      assert.deepEqual(
        [market!.usdc, market!.reward],
        [(usdcFirst ? r0 : r1).toString(), (usdcFirst ? r1 : r0).toString()],
      );
    });

    it('announces the queued timelock change in a notice, in every language', async () => {
      const list = okData(
        await getJson<{ items: { kind: string; title: string; body: string }[] }>(
          server.url,
          '/v1/notice/list',
        ),
      );
      const notice = list.items.find((n) => n.kind === 'timelock');
      assert.ok(notice, 'timelock notice');
      assert.equal(notice.title, 'ETH: Exchange fee change scheduled');
      assert.match(notice.body, /to 1%/);
      assert.match(notice.body, /ETH/);
      const ja = okData(
        await getJson<{ items: { kind: string; title: string }[] }>(server.url, '/v1/notice/list', {
          Lang: 'ja',
        }),
      );
      assert.equal(ja.items.find((n) => n.kind === 'timelock')?.title, 'ETH：交換手数料の変更予定');
      const [queued] = await row<{ status: string; value: string }>(
        'SELECT status, value::text FROM timelock_changes WHERE chain_id = 1',
      );
      assert.deepEqual({ ...queued }, { status: 'queued', value: '100' });
    });

    it('decodes every log exactly as viem does (addresses lower-case)', async () => {
      const logs = await chain.client.getLogs({
        address: [chain.deployment.staking, chain.deployment.pair],
        fromBlock: BigInt(chain.deployment.startBlock),
        toBlock: await chain.head(),
      });
      const ours = decodeLogs(logs, chain.deployment).map((e) => [e.log.eventName, e.log.args]);
      const lowerArgs = (args: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v.toLowerCase() : v]),
        );
      const viems = [
        ...parseEventLogs({
          abi: stakingAbi,
          logs: logs.filter((l) => lower(l.address) === lower(chain.deployment.staking)),
        }),
        ...parseEventLogs({
          abi: pairAbi,
          eventName: 'Sync',
          logs: logs.filter((l) => lower(l.address) === lower(chain.deployment.pair)),
        }),
      ]
        .sort((x, y) => Number(x.blockNumber - y.blockNumber) || x.logIndex - y.logIndex)
        .map((l) => [l.eventName, lowerArgs(l.args as Record<string, unknown>)]);
      // A harvest logs one IncomeCredited per recipient and a stake one Staked (28 logs, 12 kinds).
      assert.ok(ours.length > 20);
      assert.ok(new Set(ours.map(([name]) => name)).size >= 10);
      assert.deepEqual(ours, viems);
    });

    it('health reports the indexer running at the chain head', async () => {
      const health = okData(
        await getJson<{
          status: string;
          indexer: { chainId: number; state: string; indexedBlock: string }[];
        }>(server.url, '/v1/health'),
      );
      assert.equal(health.status, 'ok');
      assert.equal(health.indexer[0]!.state, 'running');
      assert.equal(health.indexer[0]!.indexedBlock, (await chain.head()).toString());
    });

    // Last: it stakes once more. The page cache keeps every page these marks do not name.
    it('marks, with the block, the addresses whose pages it changes: their own rows and uplines', async () => {
      const before = (await chain.head()).toString();
      await d.stake(0, '101');
      await caughtUp();
      const addresses = async (sql: string) =>
        (await row<{ address: string }>(sql, [before])).map((m) => m.address);
      const marked = await addresses(
        'SELECT address FROM address_touches WHERE chain_id = 1 AND block_number > $1',
      );
      // Whoever got a row in the block (d's stake, the credits it paid), d's three uplines (their
      // team figures and member lists), and the pool figures; no one else.
      const written = await addresses(
        `SELECT address FROM income WHERE chain_id = 1 AND block_number > $1
         UNION SELECT address FROM activity WHERE chain_id = 1 AND block_number > $1`,
      );
      assert.ok(written.includes(lower(d.address)));
      const expected = new Set(['*pool', ...written, ...[a, b, c].map((x) => lower(x.address))]);
      assert.deepEqual(marked.sort(), [...expected].sort());
    });
  });
}
