import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import { networks } from '@app/contracts/chains';
import { parseSiweMessage, createSiweMessage } from 'viem/siwe';
import {
  assertError,
  counts,
  databaseFor,
  engines,
  getJson,
  postForm,
  signIn,
  startTestServer,
  type CodeData,
  type LoginData,
  type TestServer,
} from '../testing/harness.ts';
import { startServer } from '../start.ts';
import { rememberSession, tokenHashOf } from '../auth/sessions.ts';
import { findActiveSession } from '../db/queries/sessions.ts';

const [alice, bob, carol, dave, erin, frank] = localAccounts.slice(1) as [
  (typeof localAccounts)[number],
  (typeof localAccounts)[number],
  (typeof localAccounts)[number],
  (typeof localAccounts)[number],
  (typeof localAccounts)[number],
  (typeof localAccounts)[number],
];
const ETH = networks.ETH.chainId;
const BSC = networks.BSC.chainId;

/** Runs `fn` and asserts it changed no user, session or nonce. */
async function unchanged(server: TestServer, fn: () => Promise<void>) {
  const before = await counts(server);
  await fn();
  assert.deepEqual(await counts(server), before);
}

async function getCode(server: TestServer, address: string, chain?: string) {
  const res = await postForm<CodeData>(server.url, '/v1/user/getcode', {
    address,
    ...(chain === undefined ? {} : { chain }),
  });
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  return res.body.data;
}

for (const engine of engines()) {
  describe(`login API (${engine})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine);
    });
    after(() => server.stop());

    it('getcode returns a fresh single-use nonce and the exact SIWE message', async () => {
      const data = await getCode(server, alice.address);
      assert.match(data.Code, /^[A-Za-z0-9]{8,}$/);
      const msg = parseSiweMessage(data.Message);
      const origin = new URL(server.url);
      assert.equal(msg.domain, origin.host);
      assert.equal(msg.uri, origin.origin);
      assert.equal(msg.address, alice.address);
      assert.equal(msg.chainId, ETH);
      assert.equal(msg.nonce, data.Code);
      assert.equal(msg.statement, 'Sign in to Honest Stake. This does not move funds or cost gas.');
      assert.equal(msg.issuedAt?.getTime(), server.clock.now().getTime());
      assert.equal(msg.expirationTime?.getTime(), server.clock.now().getTime() + 5 * 60_000);
      assert.equal(data.ExpiresAt, msg.expirationTime?.toISOString());
      const again = await getCode(server, alice.address);
      assert.notEqual(again.Code, data.Code);
      assert.equal(
        parseSiweMessage((await getCode(server, alice.address, 'BSC')).Message).chainId,
        BSC,
      );
      assert.equal(
        parseSiweMessage((await getCode(server, alice.address, '0x38')).Message).chainId,
        BSC,
      );
    });

    it('logs in, the token works on /v1/user/info, and logout ends it (then code 400)', async () => {
      const before = await counts(server);
      const login = await signIn(server.url, alice, { wallet: 'MetaMask' });
      assert.equal(login.Address, alice.address);
      assert.equal(login.ChainId, ETH);
      assert.equal(login.Wallet, 'metamask');
      assert.match(login.Token, /^[A-Za-z0-9_-]{43}$/);
      assert.match(login.InviteCode, /^[A-Z0-9]{8}$/);
      assert.equal(typeof login.Id, 'number');
      const after = await counts(server);
      assert.equal(after.users, before.users + 1);
      assert.equal(after.sessions, before.sessions + 1);
      assert.equal(after.usedNonces, before.usedNonces + 1);

      // Only the token's hash is stored.
      const stored = await server.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM sessions',
      );
      assert.ok(
        stored.rows.every(
          (r) => r.token_hash !== login.Token && /^[0-9a-f]{64}$/.test(r.token_hash),
        ),
      );

      const info = await getJson<LoginData>(server.url, '/v1/user/info', {
        Token: login.Token,
        Lang: 'ja',
      });
      assert.equal(info.status, 200);
      assert.equal(info.body.code, 0);
      assert.equal(info.body.msg, '成功しました');
      assert.equal(info.body.data.Id, login.Id);
      assert.equal(info.body.data.Address, alice.address);
      assert.equal(info.body.data.InviteCode, login.InviteCode);

      const out = await postForm(server.url, '/v1/user/logout', {}, { Token: login.Token });
      assert.equal(out.status, 200);
      assert.equal(out.body.code, 0);
      assertError(await getJson(server.url, '/v1/user/info', { Token: login.Token }), 401, 400);
      assertError(
        await postForm(server.url, '/v1/user/logout', {}, { Token: login.Token }),
        401,
        400,
      );

      // Signing in again keeps the same user and invite code.
      const again = await signIn(server.url, alice);
      assert.equal(again.Id, login.Id);
      assert.equal(again.InviteCode, login.InviteCode);
      assert.equal(again.Wallet, 'metamask');
    });

    it('a request that found the session just before its logout does not bring it back (code 400 after)', async () => {
      const login = await signIn(server.url, alice);
      const hash = tokenHashOf(login.Token)!;
      // A page request looked the session up (found active) and is still running…
      const found = await findActiveSession(server.db, hash, server.clock.now());
      assert.ok(found);
      const out = await postForm(server.url, '/v1/user/logout', {}, { Token: login.Token });
      assert.equal(out.body.code, 0);
      // …and finishes after the logout, keeping what it found.
      rememberSession(server.db, hash, found, server.clock.now());
      assertError(await getJson(server.url, '/v1/user/info', { Token: login.Token }), 401, 400);
      assertError(await getJson(server.url, '/v1/income/list', { Token: login.Token }), 401, 400);
    });

    it('answers code 400 (HTTP 401) for a missing, malformed, unknown or expired token', async () => {
      assertError(await getJson(server.url, '/v1/user/info'), 401, 400);
      assertError(await getJson(server.url, '/v1/user/info', { Token: 'nonsense' }), 401, 400);
      assertError(await getJson(server.url, '/v1/user/info', { Token: 'A'.repeat(43) }), 401, 400);
      const login = await signIn(server.url, bob);
      assert.equal(
        (await getJson(server.url, '/v1/user/info', { Token: login.Token })).body.code,
        0,
      );
      server.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
      assertError(await getJson(server.url, '/v1/user/info', { Token: login.Token }), 401, 400);
    });

    it('register logs in with chain, wallet and invite_code; chain must match the message', async () => {
      const code = await getCode(server, carol.address, String(BSC));
      const signature = await carol.signMessage({ message: code.Message });
      await unchanged(server, async () => {
        const wrong = await postForm(server.url, '/v1/index/register', {
          chain: 'ETH',
          address: carol.address,
          wallet: 'tokenpocket',
          invite_code: '',
          signature,
        });
        assertError(wrong, 400, 1001);
      });
      const res = await postForm<LoginData>(server.url, '/v1/index/register', {
        chain: 'BSC',
        address: carol.address.toLowerCase(),
        wallet: 'tokenpocket',
        invite_code: '',
        signature,
      });
      assert.equal(res.body.code, 0, JSON.stringify(res.body));
      assert.equal(res.body.data.Address, carol.address);
      assert.equal(res.body.data.ChainId, BSC);
      assert.equal(res.body.data.Wallet, 'tokenpocket');
      assert.equal(res.body.data.Inviter, null);
    });

    it('records the inviter from an invite code or address on first login only', async () => {
      const inviter = await signIn(server.url, dave);
      const byCode = await signIn(server.url, erin, {
        invitecode: inviter.InviteCode.toLowerCase(),
      });
      assert.equal(byCode.Inviter, dave.address);
      const later = await signIn(server.url, erin, { invitecode: carol.address });
      assert.equal(later.Inviter, dave.address, 'a later login does not change the inviter');
      const byAddress = await signIn(server.url, frank, { invitecode: dave.address.toLowerCase() });
      assert.equal(byAddress.Inviter, dave.address);
      const self = localAccounts[8]!;
      const selfInvite = await signIn(server.url, self, { invitecode: self.address });
      assert.equal(selfInvite.Inviter, null);
      const unknown = await signIn(server.url, localAccounts[9]!, { invitecode: 'NOSUCHCODE' });
      assert.equal(unknown.Inviter, null);
      const row = await server.db.query<{ invited_with: string }>(
        'SELECT invited_with FROM users WHERE address = $1',
        [localAccounts[9]!.address.toLowerCase()],
      );
      assert.equal(row.rows[0]?.invited_with, 'NOSUCHCODE');
    });

    it('refuses a replayed signature (nonce already used)', async () => {
      const code = await getCode(server, alice.address);
      const signature = await alice.signMessage({ message: code.Message });
      const first = await postForm(server.url, '/v1/user/metamasklogin', {
        address: alice.address,
        signature,
      });
      assert.equal(first.body.code, 0);
      await unchanged(server, async () => {
        const replay = await postForm(server.url, '/v1/user/metamasklogin', {
          address: alice.address,
          signature,
        });
        assertError(replay, 401, 1003);
      });
    });

    it('lets only one of two simultaneous logins with the same signature through', async () => {
      const code = await getCode(server, bob.address);
      const signature = await bob.signMessage({ message: code.Message });
      const before = await counts(server);
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          postForm(server.url, '/v1/user/metamasklogin', { address: bob.address, signature }),
        ),
      );
      assert.deepEqual(results.map((r) => r.body.code).sort(), [0, 1003, 1003]);
      const after = await counts(server);
      assert.equal(after.sessions, before.sessions + 1);
      assert.equal(after.usedNonces, before.usedNonces + 1);
    });

    it('refuses an expired nonce', async () => {
      const code = await getCode(server, alice.address);
      const signature = await alice.signMessage({ message: code.Message });
      server.clock.advance(5 * 60_000 + 1);
      await unchanged(server, async () => {
        const res = await postForm(server.url, '/v1/user/metamasklogin', {
          address: alice.address,
          signature,
        });
        assertError(res, 401, 1003);
      });
    });

    it('refuses a login with no nonce issued', async () => {
      const nobody = localAccounts[7]!;
      const signature = await nobody.signMessage({ message: 'hello' });
      await unchanged(server, async () => {
        assertError(
          await postForm(server.url, '/v1/user/metamasklogin', {
            address: nobody.address,
            signature,
          }),
          401,
          1003,
        );
      });
    });

    it('refuses a signature by another address', async () => {
      const code = await getCode(server, alice.address);
      const signature = await bob.signMessage({ message: code.Message });
      await unchanged(server, async () => {
        const res = await postForm(server.url, '/v1/user/metamasklogin', {
          address: alice.address,
          signature,
        });
        assertError(res, 401, 1002);
      });
    });

    it('refuses a signed message for another domain or chain, even with the right nonce', async () => {
      const code = await getCode(server, alice.address);
      const issued = parseSiweMessage(code.Message);
      const forged = (changes: { domain?: string; uri?: string; chainId?: number }) =>
        createSiweMessage({
          domain: issued.domain!,
          uri: issued.uri!,
          address: alice.address,
          chainId: issued.chainId!,
          nonce: code.Code,
          version: '1',
          statement: issued.statement,
          issuedAt: issued.issuedAt,
          expirationTime: issued.expirationTime,
          ...changes,
        });
      for (const message of [
        forged({ domain: 'evil.example', uri: 'https://evil.example' }),
        forged({ chainId: BSC }),
      ]) {
        const signature = await alice.signMessage({ message });
        await unchanged(server, async () => {
          const res = await postForm(server.url, '/v1/user/metamasklogin', {
            address: alice.address,
            signature,
          });
          assertError(res, 401, 1002);
        });
      }
      // The genuine message still works afterwards.
      const signature = await alice.signMessage({ message: code.Message });
      const ok = await postForm(server.url, '/v1/user/metamasklogin', {
        address: alice.address,
        signature,
      });
      assert.equal(ok.body.code, 0);
    });

    it('rejects malformed input with 1001 and changes nothing', async () => {
      const code = await getCode(server, alice.address);
      const signature = await alice.signMessage({ message: code.Message });
      const mixed =
        alice.address.slice(0, 2) +
        alice.address.slice(2, 10).toLowerCase() +
        alice.address.slice(10);
      const cases: [string, Record<string, string>, RegExp][] = [
        ['/v1/user/getcode', {}, /address/],
        ['/v1/user/getcode', { address: '0x1234' }, /wallet address/],
        [
          '/v1/user/getcode',
          { address: mixed === alice.address ? '0xZZ' : mixed },
          /wallet address/,
        ],
        ['/v1/user/getcode', { address: alice.address, chain: 'TRON' }, /network/],
        ['/v1/user/getcode', { address: alice.address, chain: '137' }, /network/],
        ['/v1/user/metamasklogin', { address: alice.address }, /signature/],
        ['/v1/user/metamasklogin', { signature }, /address/],
        ['/v1/user/metamasklogin', { address: alice.address, signature: '0x1234' }, /signature/],
        [
          '/v1/user/metamasklogin',
          { address: alice.address, signature: signature.slice(0, -2) + 'zz' },
          /signature/,
        ],
        [
          '/v1/user/metamasklogin',
          { address: alice.address, signature, invitecode: 'no spaces!' },
          /invitation/,
        ],
        [
          '/v1/user/metamasklogin',
          { address: alice.address, signature, wallet: 'x'.repeat(40) },
          /wallet/,
        ],
        ['/v1/index/register', { address: alice.address, signature }, /chain/],
        [
          '/v1/index/register',
          { chain: '1', address: alice.address, signature: 'abc' },
          /signature/,
        ],
      ];
      await unchanged(server, async () => {
        for (const [route, fields, msg] of cases) {
          const res = await postForm(server.url, route, fields);
          assertError(res, 400, 1001);
          assert.match(res.body.msg, msg, `${route} ${JSON.stringify(fields)}: ${res.body.msg}`);
        }
        // A repeated field is an array, not a string.
        const res = await fetch(server.url + '/v1/user/getcode', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `address=${alice.address}&address=${bob.address}`,
        });
        assert.equal(res.status, 400);
        assert.equal(((await res.json()) as { code: number }).code, 1001);
      });
    });

    it('accepts only form bodies: JSON, text and multipart get 1005 (HTTP 415)', async () => {
      await unchanged(server, async () => {
        for (const [type, body] of [
          ['application/json', JSON.stringify({ address: alice.address })],
          ['text/plain', `address=${alice.address}`],
          [
            'multipart/form-data; boundary=x',
            `--x\r\nContent-Disposition: form-data; name="address"\r\n\r\n${alice.address}\r\n--x--`,
          ],
        ] as const) {
          const res = await fetch(server.url + '/v1/user/getcode', {
            method: 'POST',
            headers: { 'content-type': type },
            body,
          });
          assertError({ status: res.status, body: (await res.json()) as never }, 415, 1005);
        }
        // The charset parameter is fine.
        const ok = await fetch(server.url + '/v1/user/getcode', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
          body: `address=${alice.address}`,
        });
        assert.equal(((await ok.json()) as { code: number }).code, 0);
      });
    });

    it('refuses a body over 16 KB with 1004 (HTTP 413)', async () => {
      await unchanged(server, async () => {
        const res = await postForm(server.url, '/v1/user/getcode', {
          address: alice.address,
          pad: 'x'.repeat(17 * 1024),
        });
        assertError(res, 413, 1004);
      });
    });

    it('answers unknown routes with 1007 (HTTP 404)', async () => {
      assertError(await getJson(server.url, '/v1/nope'), 404, 1007);
      assertError(await getJson(server.url, '/v1/user/getcode'), 404, 1007);
      assertError(await postForm(server.url, '/v1/user/nope', {}), 404, 1007);
      assertError(await getJson(server.url, '/elsewhere'), 404, 1007);
    });

    it('translates msg from the Lang header, falling back to English', async () => {
      const msgFor = async (lang?: string) =>
        (
          await postForm(
            server.url,
            '/v1/user/getcode',
            { address: '0x12' },
            lang ? { Lang: lang } : {},
          )
        ).body.msg;
      assert.equal(await msgFor(), 'Invalid wallet address');
      assert.equal(await msgFor('zh-tw'), '錢包地址無效');
      assert.equal(await msgFor('ZH-TW'), '錢包地址無效');
      assert.equal(await msgFor('ko'), '지갑 주소가 올바르지 않습니다');
      assert.equal(await msgFor('ar'), 'عنوان المحفظة غير صالح');
      assert.equal(await msgFor('fr-FR'), 'Adresse de portefeuille invalide');
      assert.equal(await msgFor('xx'), 'Invalid wallet address');
    });

    it('reports health with the database engine', async () => {
      const res = await getJson<{ status: string; db: string; engine: string }>(
        server.url,
        '/v1/health',
      );
      assert.equal(res.status, 200);
      // No RPC URL configured here, so this process runs no indexer.
      assert.deepEqual(res.body.data, { status: 'ok', db: 'ok', engine, indexer: [] });
    });
  });

  describe(`login API limits and restarts (${engine})`, () => {
    it('rate-limits the login endpoints per IP with 1006 (HTTP 429)', async () => {
      const server = await startTestServer(engine, {
        loginRateLimit: { max: 3, timeWindowMs: 60_000 },
        loginCodeRateLimit: { max: 3, timeWindowMs: 60_000 },
      });
      try {
        for (let i = 0; i < 3; i++) {
          assert.equal(
            (await postForm(server.url, '/v1/user/getcode', { address: alice.address })).body.code,
            0,
          );
        }
        const limited = await postForm(
          server.url,
          '/v1/user/getcode',
          { address: alice.address },
          { Lang: 'es' },
        );
        assertError(limited, 429, 1006);
        assert.equal(limited.body.msg, 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.');
        // Other endpoints are not limited by it.
        assert.equal((await getJson(server.url, '/v1/health')).status, 200);
      } finally {
        await server.stop();
      }
    });

    it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
      const server = await startTestServer(engine, {
        trustProxy: true,
        loginCodeRateLimit: { max: 3, timeWindowMs: 60_000 },
      });
      try {
        const getcodeFrom = async (ip: string) =>
          postForm(
            server.url,
            '/v1/user/getcode',
            { address: alice.address },
            { 'X-Forwarded-For': ip },
          );
        // Three addresses of one /64 spend one client's allowance...
        for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ab::3'])
          assert.equal((await getcodeFrom(ip)).body.code, 0, ip);
        // ...so a fourth address of that /64 is refused, and the next /64 is another client.
        assertError(await getcodeFrom('2001:db8:1:2:ffff:ffff:ffff:fffe'), 429, 1006);
        assert.equal((await getcodeFrom('2001:db8:1:3::1')).body.code, 0);
        // An IPv4 peer seen through a dual-stack socket is the same client as the plain IPv4 one.
        for (let i = 0; i < 3; i++) assert.equal((await getcodeFrom('198.51.100.9')).body.code, 0);
        assertError(await getcodeFrom('::ffff:198.51.100.9'), 429, 1006);
      } finally {
        await server.stop();
      }
    });

    it("others' getcode for an address (100 clients, and 110 from one) neither limit nor push out its owner's sign-in", async () => {
      // The real limits (defaults), clients told apart by X-Forwarded-For as behind nginx.
      const server = await startTestServer(engine, { trustProxy: true });
      try {
        const from = (ip: string) => ({ 'X-Forwarded-For': ip });
        const victimIp = from('198.51.100.7');
        const own = await postForm<CodeData>(
          server.url,
          '/v1/user/getcode',
          { address: alice.address },
          victimIp,
        );
        assert.equal(own.body.code, 0);
        const flood = async (ip: string) =>
          (await postForm(server.url, '/v1/user/getcode', { address: alice.address }, from(ip)))
            .body.code;
        for (let i = 0; i < 100; i++) assert.equal(await flood(`10.0.${i >> 8}.${i & 255}`), 0);
        // One client holds at most 10 open codes for one address; more are refused, none evicted.
        const fromOne: number[] = [];
        for (let i = 0; i < 110; i++) fromOne.push(await flood('10.1.0.1'));
        assert.deepEqual(fromOne, [...Array(10).fill(0), ...Array(100).fill(1006)]);
        const open = await server.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM login_nonces WHERE address = $1 AND used_at IS NULL',
          [alice.address.toLowerCase()],
        );
        assert.equal(open.rows[0]?.n, 1 + 100 + 10);

        // The victim signs the message it asked for first, and is in at once.
        const signature = await alice.signMessage({ message: own.body.data.Message });
        const login = await postForm<LoginData>(
          server.url,
          '/v1/user/metamasklogin',
          { address: alice.address, signature },
          victimIp,
        );
        assert.equal(login.body.code, 0, JSON.stringify(login.body));
        assert.equal(login.body.data.Address, alice.address);
      } finally {
        await server.stop();
      }
    });

    it('behind one address, 200 code requests from one user stop neither the codes nor the sign-in of another user there', async () => {
      // The real limits (defaults); one NAT: every request comes from the same address.
      const server = await startTestServer(engine, { trustProxy: true });
      try {
        const nat = { 'X-Forwarded-For': '198.51.100.20' };
        const getcode = (address: string, lang?: string) =>
          postForm<CodeData>(
            server.url,
            '/v1/user/getcode',
            { address },
            { ...nat, ...(lang ? { Lang: lang } : {}) },
          );
        // Erin asked for her code first; then Frank, behind the same NAT, asks 200 times for his
        // own address and 200 times for Erin's.
        const erinFirst = await getcode(erin.address);
        assert.equal(erinFirst.body.code, 0);
        const frankAnswers = new Map<number, number>();
        for (let i = 0; i < 200; i++) {
          for (const address of [frank.address, erin.address]) {
            const code = (await getcode(address)).body.code;
            frankAnswers.set(code, (frankAnswers.get(code) ?? 0) + 1);
          }
        }
        // Refused beyond the bound per (client, address), with a translated message.
        assert.deepEqual(Object.fromEntries(frankAnswers), { 0: 10 + 9, 1006: 190 + 191 });
        const refused = await getcode(frank.address, 'fr');
        assertError(refused, 429, 1006);
        assert.equal(
          refused.body.msg,
          'Trop de demandes de connexion sont ouvertes pour cette adresse. Signez la plus récente ou réessayez dans quelques minutes.',
        );
        // Erin's open code was not pushed out: she signs it (naming it, or as her client's
        // newest) and is in.
        const signature = await erin.signMessage({ message: erinFirst.body.data.Message });
        const login = await postForm<LoginData>(
          server.url,
          '/v1/user/metamasklogin',
          { address: erin.address, signature, code: erinFirst.body.data.Code },
          nat,
        );
        assert.equal(login.body.code, 0, JSON.stringify(login.body));
        assert.equal(login.body.data.Address, erin.address);
        // Dave, behind the same NAT, has never asked: he gets a code and signs in.
        const daveCode = await getcode(dave.address);
        assert.equal(daveCode.body.code, 0, JSON.stringify(daveCode.body));
        const daveLogin = await postForm<LoginData>(
          server.url,
          '/v1/user/metamasklogin',
          {
            address: dave.address,
            signature: await dave.signMessage({ message: daveCode.body.data.Message }),
          },
          nat,
        );
        assert.equal(daveLogin.body.code, 0, JSON.stringify(daveLogin.body));
        // A used code frees its place: Erin may ask again.
        assert.equal((await getcode(erin.address)).body.code, 0);
      } finally {
        await server.stop();
      }
    });

    it("a login names its nonce (code) from any client; without it, only its own client's nonces count", async () => {
      const server = await startTestServer(engine, { trustProxy: true });
      try {
        const from = (ip: string) => ({ 'X-Forwarded-For': ip });
        const code = await postForm<CodeData>(
          server.url,
          '/v1/user/getcode',
          { address: bob.address },
          from('198.51.100.8'),
        );
        const signature = await bob.signMessage({ message: code.body.data.Message });
        // The phone moved from Wi-Fi to mobile data between getcode and login: another client.
        await unchanged(server, async () => {
          const res = await postForm(
            server.url,
            '/v1/user/metamasklogin',
            { address: bob.address, signature },
            from('203.0.113.50'),
          );
          assertError(res, 401, 1003);
        });
        // Another address's nonce is not this one's.
        await unchanged(server, async () => {
          const res = await postForm(
            server.url,
            '/v1/user/metamasklogin',
            { address: carol.address, signature, code: code.body.data.Code },
            from('203.0.113.50'),
          );
          assertError(res, 401, 1003);
        });
        const res = await postForm<LoginData>(
          server.url,
          '/v1/user/metamasklogin',
          { address: bob.address, signature, code: code.body.data.Code },
          from('203.0.113.50'),
        );
        assert.equal(res.body.code, 0, JSON.stringify(res.body));
        assert.equal(res.body.data.Address, bob.address);
      } finally {
        await server.stop();
      }
    });

    it('refuses a nonce issued for another origin after the server origin changed', async () => {
      const { db, cleanup } = await databaseFor(engine);
      try {
        const base = { port: 0, rpcUrls: {}, deployment: 'local' as const, ...db };
        const first = await startServer({ ...base, appOrigin: 'https://old.example' });
        const code = await postForm<CodeData>(first.url, '/v1/user/getcode', {
          address: alice.address,
        });
        assert.match(code.body.data.Message, /^https:\/\/old\.example wants you/);
        await first.close();
        const second = await startServer({ ...base, appOrigin: 'https://new.example' });
        try {
          const signature = await alice.signMessage({ message: code.body.data.Message });
          const res = await postForm(second.url, '/v1/user/metamasklogin', {
            address: alice.address,
            signature,
          });
          assertError(res, 401, 1003);
          assert.deepEqual(await counts(second), { users: 0, sessions: 0, usedNonces: 0 });
        } finally {
          await second.close();
        }
      } finally {
        await cleanup();
      }
    });
  });
}
