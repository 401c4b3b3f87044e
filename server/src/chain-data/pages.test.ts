/**
 * The chain-derived page endpoints on a real chain history (testing/scenario.ts), indexed by the
 * real indexer: happy paths against the contract's own figures, empty states, pagination bounds,
 * and bad input that gets a clear error and changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { stakingLensAbi } from '@app/contracts/generated';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { parseUnits } from 'viem';
import {
  assertError,
  engines,
  getJson,
  okData,
  postRaw,
  signIn,
  startTestServer,
  type TestServer,
} from '../testing/harness.ts';
import { startTestChain, type TestChain } from '../testing/chain.ts';
import { playTeamScenario, type TeamScenario } from '../testing/scenario.ts';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

for (const engine of engines()) {
  describe(`page endpoints (${engine})`, () => {
    let chain: TestChain;
    let server: TestServer;
    let team: TeamScenario;
    const tokens: Record<'a' | 'c' | 'd' | 'fresh', string> = { a: '', c: '', d: '', fresh: '' };
    const get = async (route: string, who?: keyof typeof tokens, lang?: string) =>
      getJson<Data>(server.url, route, {
        ...(who ? { Token: tokens[who] } : {}),
        ...(lang ? { Lang: lang } : {}),
      });
    const ok = async (route: string, who?: keyof typeof tokens) => okData(await get(route, who));
    const live = (user: `0x${string}`) =>
      chain.client.readContract({
        address: chain.deployment.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getAccount',
        args: [user],
      });
    /** Row counts of every table a page reads, to show a refused request changed nothing. */
    const snapshot = async () =>
      (
        await server.db.query(
          `SELECT (SELECT count(*) FROM income)::int AS income, (SELECT count(*) FROM accounts)::int AS accounts,
                  (SELECT count(*) FROM sessions)::int AS sessions, (SELECT count(*) FROM users)::int AS users,
                  (SELECT count(*) FROM notice_reads)::int AS reads`,
        )
      ).rows[0];

    before(async () => {
      chain = await startTestChain(1);
      team = await playTeamScenario(chain);
      server = await startTestServer(engine, {
        rpcUrls: { [chain.chainId]: chain.rpcUrl },
        indexerPollMs: 100,
      });
      await server.indexers.byChain.get(1)!.waitForBlock(await chain.head());
      tokens.a = (await signIn(server.url, team.a.account)).Token;
      tokens.c = (await signIn(server.url, team.c.account)).Token;
      tokens.d = (await signIn(server.url, team.d.account)).Token;
      tokens.fresh = (await signIn(server.url, privateKeyToAccount(generatePrivateKey()))).Token;
    });
    after(async () => {
      await server?.stop();
      await chain?.stop();
    });

    it('home: pool totals, market price and pool-wide income for anyone; own figures with a Token', async () => {
      const home = await ok('/v1/index/home?chain=ETH');
      const usdc = (v: string) => parseUnits(v, 6).toString();
      assert.equal(
        home.pool.totalStaked,
        (
          BigInt(usdc('1000')) +
          BigInt(usdc('500')) +
          BigInt(usdc('200.55')) +
          BigInt(usdc('1500'))
        ).toString(),
      );
      assert.equal(home.pool.stakers, 4);
      assert.equal(home.platform.members, 5, 'root + 4 bound');
      assert.equal(home.me, null);
      // 3,000,000 USDC : 1,000 coins seeded, moved a little by D's exchange: about 3,000 USDC a coin.
      const price = Number(BigInt(home.market.price) / 10n ** 6n);
      assert.ok(price > 2900 && price <= 3000, `price ${price}`);
      assert.ok(BigInt(home.platform.income.total.reward) > 0n);
      assert.equal(home.indexed.block, (await chain.head()).toString());

      const mine = await ok('/v1/index/home', 'a');
      assert.deepEqual(
        { members: mine.me.teamMembers, direct: mine.me.directMembers },
        { members: 3, direct: 1 },
      );
      const team = await ok('/v1/team/summary', 'a');
      assert.equal(mine.me.income.total.reward, team.commissions.team);
    });

    it('user/account: indexed level and membership, live balances equal to the chain', async () => {
      const acc = await ok('/v1/user/account?chain=1', 'a');
      const onChain = await live(team.a.address);
      assert.equal(acc.address, team.a.address);
      assert.equal(acc.membership, 'node');
      assert.equal(acc.purchasedNode, true);
      assert.equal(acc.level, Number(onChain.level));
      assert.equal(acc.teamPerformance, onChain.teamStake.toString());
      assert.equal(acc.inTree, true);
      assert.equal(acc.live.earned, onChain.earned.toString());
      assert.equal(acc.live.withdrawable, onChain.withdrawable.toString());
      const d = await ok('/v1/user/account', 'd');
      assert.equal(d.superior, team.c.address);
    });

    it('income/list: every source filter, sums per token, and the 8 spec sources (static = mining)', async () => {
      const all = await ok('/v1/income/list?limit=50', 'd');
      assert.equal(all.total, 1);
      assert.equal(all.items[0].source, 'mining');
      assert.equal(all.items[0].token, 'reward');
      const mining = await ok('/v1/income/list?source=mining', 'd');
      const staticRewards = await ok('/v1/income/list?source=static', 'd');
      assert.deepEqual(staticRewards.items, mining.items);
      assert.equal(mining.sums.total.reward, mining.items[0].amount);
      const referral = await ok('/v1/income/list?source=referral', 'd');
      assert.equal(referral.total, 0);
      assert.deepEqual(referral.sums.total, { reward: '0', usdc: '0' });
      const c = await ok('/v1/income/list?source=referral', 'c');
      assert.equal(c.items[0].from, team.d.address.toLowerCase());
      assert.equal(c.sums.total.reward, (await live(team.c.address)).earned.toString());
      for (const source of ['team', 'shareholder', 'ecological', 'activity', 'promotion']) {
        assert.equal((await ok(`/v1/income/list?source=${source}`, 'd')).total, 0, source);
      }
    });

    it('income/daily: one entry per UTC day, the harvest on its day', async () => {
      const daily = await ok('/v1/income/daily?days=7', 'd');
      assert.equal(daily.days.length, 7);
      const all = await ok('/v1/income/list', 'd');
      const withIncome = daily.days.filter((x: Data) => x.reward !== '0');
      // The harvest's block time is a day ahead of the wall clock (the chain was advanced), so it
      // falls on today or not at all within the window; either way nothing is invented.
      assert.ok(withIncome.every((x: Data) => x.reward === all.items[0].amount));
    });

    it('activity, withdrawals, exchanges: newest first, pages, totals', async () => {
      const activity = await ok('/v1/activity/list', 'd');
      assert.deepEqual(
        activity.items.map((x: Data) => x.type),
        ['withdraw', 'exchange', 'stake', 'bind'],
      );
      assert.equal(activity.items[3].detail.superior, team.c.address.toLowerCase());
      assert.equal(activity.next, null, 'one page holds all four');
      // Keyset: each page's `next` is the `before` of the following one, until null.
      const seen: string[] = [];
      let next: string | null = '';
      while (next !== null) {
        const page = await ok(`/v1/activity/list?limit=1${next ? `&before=${next}` : ''}`, 'd');
        assert.equal(page.total, 4);
        assert.equal(page.items.length, 1);
        seen.push(page.items[0].id);
        next = page.next;
        if (next !== null) assert.equal(next, page.items[0].id);
      }
      assert.deepEqual(
        seen,
        activity.items.map((x: Data) => x.id),
      );
      const after = await ok(`/v1/activity/list?limit=2&before=${activity.items[1].id}`, 'd');
      assert.deepEqual(
        after.items.map((x: Data) => x.id),
        activity.items.slice(2).map((x: Data) => x.id),
      );
      assert.equal(after.next, null);
      const beyond = await ok(`/v1/activity/list?before=${activity.items[3].id}`, 'd');
      assert.deepEqual([beyond.items, beyond.total, beyond.next], [[], 4, null]);
      const incomeAll = await ok('/v1/income/list', 'd');
      const incomeAfter = await ok(`/v1/income/list?before=${incomeAll.items[0].id}`, 'd');
      assert.deepEqual(
        incomeAfter.items.map((x: Data) => x.id),
        incomeAll.items.slice(1).map((x: Data) => x.id),
      );
      assert.equal(incomeAfter.total, incomeAll.total);

      const withdrawals = await ok('/v1/withdraw/list', 'd');
      assert.deepEqual(
        withdrawals.items.map((x: Data) => [x.kind, x.amount]),
        [['usdc', parseUnits('1', 6).toString()]],
      );
      const exchanges = await ok('/v1/exchange/list', 'd');
      assert.equal(exchanges.total, 1);
      assert.equal(exchanges.totals.count, 1);
      assert.equal(exchanges.totals.amountIn, exchanges.items[0].amountIn);
      assert.equal(exchanges.totals.fee, exchanges.items[0].fee);
      const dLive = await live(team.d.address);
      assert.equal(
        BigInt(exchanges.totals.netUsdc) - BigInt(withdrawals.items[0].amount),
        dLive.withdrawable,
      );
    });

    it('team: members and stake per depth, members list per depth', async () => {
      const summary = await ok('/v1/team/summary', 'a');
      assert.deepEqual(
        summary.depths.map((x: Data) => x.members),
        [1, 1, 1],
      );
      assert.equal(summary.thresholds.length, 6);
      assert.equal(summary.membership, 'node');
      const depth3 = await ok('/v1/team/members?depth=3', 'a');
      assert.equal(depth3.total, 1);
      assert.equal(depth3.items[0].address, team.d.address);
      assert.equal(depth3.items[0].activeStake, parseUnits('1500', 6).toString());
      assert.equal(depth3.next, null);
      const members = await ok('/v1/team/members?depth=1&limit=1', 'c');
      assert.deepEqual([members.items[0].address, members.total], [team.d.address, 1]);
    });

    it('invite: code, link, counts; the code resolves to the address', async () => {
      const info = await ok('/v1/invite/info', 'a');
      assert.match(info.inviteCode, /^[A-Z0-9]{8}$/);
      assert.equal(info.link, `${server.url}/#/?code=${info.inviteCode}`);
      assert.deepEqual([info.directMembers, info.teamMembers], [1, 3]);
      const resolved = await ok(`/v1/invite/resolve?code=${info.inviteCode.toLowerCase()}`);
      assert.equal(resolved.address, team.a.address);
      assertError(await get('/v1/invite/resolve?code=ZZZZZZZZ'), 404, 1007);
    });

    it('empty state: a signed-in address the chain never saw gets zeros and empty lists', async () => {
      for (const route of [
        '/v1/income/list',
        '/v1/activity/list',
        '/v1/withdraw/list',
        '/v1/exchange/list',
        '/v1/team/members',
      ]) {
        const page = await ok(route, 'fresh');
        assert.deepEqual([page.items, page.total], [[], 0], route);
      }
      const summary = await ok('/v1/team/summary', 'fresh');
      assert.deepEqual([summary.level, summary.teamPerformance, summary.members], [0, '0', 0]);
      const acc = await ok('/v1/user/account', 'fresh');
      assert.deepEqual([acc.inTree, acc.superior, acc.membership], [false, null, 'none']);
      const home = await ok('/v1/index/home', 'fresh');
      assert.deepEqual(home.me.income.total, { reward: '0', usdc: '0' });
      // A chain the server has no index of yet answers the same shapes, empty.
      const bsc = await ok('/v1/index/home?chain=BSC');
      assert.deepEqual([bsc.indexed, bsc.market, bsc.pool.totalStaked], [null, null, '0']);
    });

    it('bad input: clear error with the right status, nothing changed', async () => {
      const before = await snapshot();
      const bad: [string, number, number][] = [
        ['/v1/income/list?limit=51', 400, 1001],
        ['/v1/income/list?limit=1000000', 400, 1001],
        ['/v1/income/list?limit=0', 400, 1001],
        ['/v1/activity/list?before=12', 400, 1001],
        ['/v1/activity/list?before=12-x', 400, 1001],
        ['/v1/income/list?limit=-5', 400, 1001],
        ['/v1/withdraw/list?before=1-99999999999', 400, 1001],
        ['/v1/team/members?before=99999999999999999999-1', 400, 1001],
        ['/v1/income/list?source=salary', 400, 1001],
        ["/v1/income/list?source=mining'%20OR%201=1--", 400, 1001],
        ['/v1/income/list?chain=POLYGON', 400, 1001],
        ['/v1/income/list?chain=137', 400, 1001],
        ['/v1/income/list?chain=1;DROP%20TABLE%20income', 400, 1001],
        ['/v1/income/list?limit=1&limit=2', 400, 1001],
        ['/v1/income/daily?days=91', 400, 1001],
        ['/v1/income/daily?days=0', 400, 1001],
        ['/v1/team/members?depth=4', 400, 1001],
        ['/v1/team/members?depth=0', 400, 1001],
        ['/v1/invite/resolve?code=ab', 400, 1001],
        ['/v1/invite/resolve?code=0x12', 404, 1007],
        ["/v1/invite/resolve?code=A'--", 400, 1001],
        ['/v1/invite/resolve', 400, 1001],
      ];
      for (const [route, status, code] of bad) {
        const res = await get(route, 'd', 'fr');
        assert.equal(res.body.code, code, `${route}: ${JSON.stringify(res.body)}`);
        assertError(res, status, code);
        assert.doesNotMatch(res.body.msg, /^Invalid value/, 'translated (fr)');
      }
      for (const route of [
        '/v1/income/list',
        '/v1/user/account',
        '/v1/team/summary',
        '/v1/invite/info',
      ]) {
        assertError(await get(route), 401, 400);
        assertError(await getJson(server.url, route, { Token: 'x'.repeat(43) }), 401, 400);
      }
      // A GET route takes no body; a POST to it is not a route at all.
      assertError(
        await postRaw(server.url, '/v1/income/list', '{}', 'application/json'),
        404,
        1007,
      );
      assertError(
        await postRaw(
          server.url,
          '/v1/notice/read',
          'id='.padEnd(20_000, '1'),
          'application/x-www-form-urlencoded',
          { Token: tokens.d },
        ),
        413,
        1004,
      );
      assert.deepEqual(await snapshot(), before);
    });
  });
}
