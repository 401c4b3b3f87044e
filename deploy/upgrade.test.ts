/**
 * The first app upgrade, as docs/OPERATIONS.md "Upgrading the app" does it, with real processes on
 * one PostgreSQL database: the previous release (deploy/releases.txt's last commit, built by
 * previous-release.ts) serves; this release's migrations are applied (`npm run db:migrate`) under
 * it; this release's API starts beside it, and users are served by both in turn (a session signed
 * in on one version is used on the other) without a failed request; then the rollback: this
 * release's API stops and the previous release starts again on the migrated database and serves.
 * Last, the schema check of this release: it refuses, with one JSON line naming the versions, a
 * database that a newer release migrated with a migration not marked compatible, and runs beside
 * one marked compatible. And every migration added since the previous release is marked compatible
 * and destroys nothing (the rule: expand now, contract one release later).
 *
 * While both versions serve, users are served directly by each and also through the repo's nginx
 * (deploy/topology/nginx.ts, HTTP/2) with both instances as its upstreams, as during a rolling
 * restart: a user's code may be asked of one version and the signed login checked by the other.
 * Needs DATABASE_URL (two versions on one database); the nginx part needs nginx (/usr/sbin/nginx).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { findFreePort } from '@app/contracts/local';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { loadMigrations, type Migration } from '../server/src/db/migrate.ts';
import { freshPostgresDatabase, signIn } from '../server/src/testing/harness.ts';
import { buildPreviousRelease, releases, type PreviousRelease } from './previous-release.ts';
import { h2Connect, type H2Client } from './topology/h2.ts';
import { NGINX, startNginx, type Nginx } from './topology/nginx.ts';
import { repoDir, startService, stopService, type Service } from './topology/services.ts';

const previous = releases().at(-1)!;

/** SQL that destroys what the release before may still read or write. */
const DESTRUCTIVE =
  /\b(DROP\s+(TABLE|COLUMN|INDEX|TYPE|VIEW)|RENAME|ALTER\s+COLUMN\s+\w+\s+(TYPE|SET\s+NOT\s+NULL)|TRUNCATE)\b/i;

it('every migration since the previous release is marked compatible and destroys nothing', async () => {
  const before = new Set(
    execFileSync('git', ['ls-tree', '--name-only', previous.commit, 'server/src/db/migrations/'], {
      cwd: repoDir,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)
      .map((f) => path.basename(f)),
  );
  const added = (await loadMigrations()).filter(
    (m) => ![...before].some((f) => f.startsWith(`${String(m.version).padStart(3, '0')}_`)),
  );
  const wrong = added
    .filter((m: Migration) => !m.compatible || DESTRUCTIVE.test(m.sql.replace(/^--.*$/gm, '')))
    .map((m) => `${m.version}_${m.name}`);
  assert.deepEqual(
    wrong,
    [],
    'not marked "-- compatible:", or destructive in the release that adds it',
  );
});

describe(
  `an upgrade from ${previous.commit.slice(0, 10)} (${previous.name}) and its rollback`,
  {
    skip: !process.env.DATABASE_URL && 'set DATABASE_URL (two versions on one PostgreSQL)',
  },
  () => {
    let release: PreviousRelease;
    let database: { url: string; drop(): Promise<void> };
    const services: Service[] = [];
    let logDir: string;
    let nginx: Nginx | undefined;
    let h2: H2Client | undefined;
    /** nginx's ports, chosen first: every instance signs sign-in messages for nginx's origin. */
    let nginxPorts: { port: number; httpPort: number };
    const started = Date.now();

    before(async () => {
      fs.mkdirSync(path.join(repoDir, '.data'), { recursive: true });
      logDir = fs.mkdtempSync(path.join(repoDir, '.data', 'upgrade-'));
      release = buildPreviousRelease(previous);
      console.log(`previous release ${previous.commit.slice(0, 10)}: ${release.how}`);
      database = await freshPostgresDatabase('upgrade');
      nginxPorts = { port: await findFreePort(), httpPort: await findFreePort() };
    });
    after(async () => {
      h2?.close();
      await nginx?.stop();
      for (const s of services) await stopService(s, 'SIGKILL');
      await database?.drop();
      release?.remove();
      if (logDir) fs.rmSync(logDir, { recursive: true, force: true });
      console.log(`upgrade test: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    });

    const env = () => ({
      DATABASE_URL: database.url,
      PORT: '0',
      INDEXER: 'off',
      LOG_LEVEL: 'info',
      DEPLOYMENT: 'local',
      // As in production: one origin for every instance, so that a code issued by one version
      // can be signed in with on the other (without it each binds messages to its own port).
      APP_ORIGIN: `https://localhost:${nginxPorts.port}`,
    });
    /** An API instance of the previous release (its own tree) or of this one. */
    async function api(
      name: string,
      of: 'previous' | 'this',
    ): Promise<{ url: string; s: Service }> {
      const serverDir = of === 'previous' ? path.join(release.dir, 'server') : undefined;
      const s = await startService(
        name,
        'src/main.ts',
        env(),
        logDir,
        /"msg":"server listening on http:\/\/[^ ]+/,
        120_000,
        serverDir,
      );
      services.push(s);
      const url = /server listening on (http:\/\/[^ ]+)/.exec(s.output())![1]!;
      return { url, s };
    }

    const failures: string[] = [];
    /** How a user reaches the API: one instance directly, or nginx over both (HTTP/2). */
    type Send = (
      route: string,
      init?: { method?: string; body?: string; headers?: Record<string, string> },
    ) => Promise<{ status: number; text: string }>;
    const direct =
      (url: string): Send =>
      async (route, init = {}) => {
        const res = await fetch(url + route, init);
        return { status: res.status, text: await res.text() };
      };
    const throughNginx =
      (client: H2Client): Send =>
      async (route, init = {}) => {
        const res = await client.request(route, init);
        return { status: res.status, text: res.body };
      };
    /** One user's requests: sign in, then read with a session signed in on the other version. */
    async function traffic(
      here: string,
      sessionFromElsewhere: string,
      rounds: number,
      send: Send = direct(here),
    ) {
      for (let i = 0; i < rounds; i++) {
        const account = privateKeyToAccount(generatePrivateKey());
        const post = (route: string, fields: Record<string, string>) =>
          send(route, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(fields).toString(),
          });
        const check = async (what: string, res: { status: number; text: string }) => {
          let body: { code?: number; data?: Record<string, unknown> } = {};
          try {
            body = JSON.parse(res.text) as typeof body;
          } catch {
            // not JSON (an HTML error page): recorded below as a failure
          }
          if (res.status !== 200 || body.code !== 0)
            failures.push(`${here} ${what}: ${res.status} ${res.text.slice(0, 200)}`);
          return body.data ?? {};
        };
        const code = await check(
          'getcode',
          await post('/v1/user/getcode', { address: account.address }),
        );
        const signature = await account.signMessage({ message: String(code.Message) });
        await check(
          'login',
          await post('/v1/user/metamasklogin', { address: account.address, signature }),
        );
        await check('health', await send('/v1/health'));
        await check(
          'info with a session of the other version',
          await send('/v1/user/info', { headers: { Token: sessionFromElsewhere } }),
        );
      }
    }
    const signInAt = async (url: string) =>
      (await signIn(url, privateKeyToAccount(generatePrivateKey()))).Token;

    it('previous API serves; this release migrates under it; both serve; rollback to the previous', async () => {
      const old = await api('previous-1', 'previous');
      const oldSession = await signInAt(old.url);

      // This release's migrations, applied while the previous release serves.
      const migrated = execFileSync(
        process.execPath,
        ['--import', 'tsx', 'src/db/migrate-main.ts'],
        {
          cwd: path.join(repoDir, 'server'),
          env: { PATH: process.env.PATH ?? '', ...env() },
          encoding: 'utf8',
        },
      );
      assert.match(migrated, /"msg":"schema (migrated to|already at) version \d+/);
      await traffic(old.url, oldSession, 2);

      // Mixed versions: each serves users signed in on the other.
      const current = await api('this-1', 'this');
      const newSession = await signInAt(current.url);
      await Promise.all([traffic(old.url, newSession, 5), traffic(current.url, oldSession, 5)]);
      assert.deepEqual(failures, [], 'no failed request while both versions serve');

      // The same through nginx with both versions as its upstreams, as in the middle of a roll.
      if (fs.existsSync(NGINX)) {
        const hostPort = (url: string) => new URL(url).host;
        nginx = await startNginx({
          dir: fs.mkdtempSync(path.join(logDir, 'nginx-')),
          ...nginxPorts,
          upstreams: [hostPort(old.url), hostPort(current.url)],
          webDist: path.join(repoDir, 'web', 'dist'),
        });
        h2 = await h2Connect(nginx.origin, nginx.certFile);
        await Promise.all([
          traffic(nginx.origin, oldSession, 4, throughNginx(h2)),
          traffic(nginx.origin, newSession, 4, throughNginx(h2)),
        ]);
        assert.deepEqual(failures, [], 'no failed request through nginx over both versions');
        const served = apiUpstreamsInAccessLog(nginx.accessLog);
        assert.deepEqual(
          [...served].sort(),
          [hostPort(old.url), hostPort(current.url)].sort(),
          'nginx sent API requests to both versions',
        );
        h2.close();
        await nginx.stop();
        nginx = undefined;
      } else {
        console.log(`upgrade test: no nginx at ${NGINX}; mixed versions tested without it`);
      }

      // Rollback: this release's API goes, the previous release starts again on this schema.
      await stopService(current.s, 'SIGTERM');
      await stopService(old.s, 'SIGTERM');
      const back = await api('previous-2', 'previous');
      await traffic(back.url, newSession, 3);
      assert.deepEqual(failures, [], 'no failed request after the rollback');
      await stopService(back.s, 'SIGTERM');
    });

    it('this release refuses a newer schema not marked compatible (one JSON line), runs beside a compatible one', async () => {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const top = Math.max(...(await loadMigrations()).map((m) => m.version));
        const newer = top + 100;
        await admin.query(
          "INSERT INTO schema_migrations (version, name, compatible) VALUES ($1, 'drop_something', false)",
          [newer],
        );
        const refused = await startService(
          'this-refused',
          'src/main.ts',
          env(),
          logDir,
          /SchemaTooNew|"level":60/,
          120_000,
        ).catch((err: Error) => err);
        const output = refused instanceof Error ? refused.message : refused.output();
        if (!(refused instanceof Error)) {
          services.push(refused);
          assert.equal(await refused.exited, 1);
        }
        const line = output.split('\n').find((l) => l.includes('"level":60'));
        assert.ok(line, `one JSON line at level fatal:\n${output}`);
        const parsed = JSON.parse(line) as Record<string, unknown>;
        assert.deepEqual(
          [parsed.codeVersion, parsed.schemaVersion, parsed.incompatible],
          [top, newer, [newer]],
        );
        assert.match(
          String(parsed.msg),
          new RegExp(`migration ${newer} \\(drop_something\\) is not marked compatible`),
        );
        assert.doesNotMatch(output, /\n\s+at /, 'no stack trace');

        await admin.query('UPDATE schema_migrations SET compatible = true WHERE version = $1', [
          newer,
        ]);
        const beside = await api('this-beside', 'this');
        assert.match(
          beside.s.output(),
          new RegExp(`"newer":\\[${newer}\\].*marked compatible with this code`),
        );
        await stopService(beside.s, 'SIGTERM');
      } finally {
        await admin.end();
      }
    });
  },
);

/** The upstreams that answered /v1 requests, from nginx's JSON access log. */
function apiUpstreamsInAccessLog(accessLog: string): Set<string> {
  const served = new Set<string>();
  for (const line of fs.readFileSync(accessLog, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line) as { uri: string; upstream_addr: string; status: number };
    if (!entry.uri.startsWith('/v1/')) continue;
    for (const addr of entry.upstream_addr.split(/\s*,\s*|\s+:\s+/))
      if (addr) served.add(addr.trim());
  }
  return served;
}
