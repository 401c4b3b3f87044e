/**
 * notice:post and notice:delete against a real server: Sign-In with Ethereum with the operator
 * key, the admin route, and what users then see in /v1/notice/list.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { localAccounts, localPrivateKeys } from '@app/contracts/accounts';
import { findFreePort } from '@app/contracts/local';
import { getJson, okData, startTestServer, type TestServer } from '../testing/harness.ts';
import { runChild, runInProcess } from './test-support.ts';

interface NoticePage {
  items: { id: number; kind: string; lang: string; title: string; body: string }[];
  total: number;
}

describe('operator notices through the admin API', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer('pglite', { adminAddresses: [localAccounts[0]!.address] });
  });
  after(async () => {
    await server?.stop();
  });

  const list = async (lang = 'en') =>
    okData(await getJson<NoticePage>(server.url, '/v1/notice/list', { Lang: lang }));
  const post = (argv: string[], env: Record<string, string> = {}) =>
    runInProcess(['notice:post', '--api', server.url, ...argv], env);

  it('publishes a notice in several languages with the local owner key', async () => {
    const res = await post([
      '--title-en',
      'Maintenance on Sunday',
      '--body-en',
      'The app is read-only from 10:00 to 11:00 UTC.',
      '--title-fr',
      'Maintenance dimanche',
      '--body-fr',
      "L'application est en lecture seule de 10 h à 11 h UTC.",
      '--yes',
    ]);
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, new RegExp(`signed in to .* as ${localAccounts[0]!.address}`));
    const id = Number(/published notice (\d+)/.exec(res.out)?.[1]);

    const en = await list();
    assert.equal(en.total, 1);
    assert.deepEqual(en.items[0], {
      ...en.items[0],
      id,
      kind: 'operator',
      lang: 'en',
      title: 'Maintenance on Sunday',
      body: 'The app is read-only from 10:00 to 11:00 UTC.',
    });
    const fr = await list('fr');
    assert.equal(fr.items[0]!.title, 'Maintenance dimanche');
    assert.equal((await list('ja')).items[0]!.lang, 'en');
  });

  it('posts from a child process with OPERATOR_API_URL, and deletes', async () => {
    const res = await runChild(
      ['notice:post', '--title-en', 'New plan', '--body-en', 'A 90-day plan opens today.', '--yes'],
      { OPERATOR_API_URL: server.url },
    );
    assert.equal(res.code, 0, res.err);
    const id = /published notice (\d+)/.exec(res.out)?.[1];
    assert.ok(id);
    assert.equal((await list()).items[0]!.title, 'New plan');

    const deleted = await runInProcess(
      ['notice:delete', '--api', server.url, '--id', id, '--yes'],
      {},
    );
    assert.equal(deleted.code, 0, deleted.err);
    assert.ok(!(await list()).items.some((n) => String(n.id) === id));
  });

  it('a key that is not an admin is refused with 1008 and nothing is published', async () => {
    const before = (await list()).total;
    const res = await post(
      ['--title-en', 'Free money', '--body-en', 'Not from the operator.', '--yes'],
      {
        OPERATOR_PRIVATE_KEY: localPrivateKeys[1],
      },
    );
    assert.equal(res.code, 1);
    assert.match(
      res.err,
      /refused \/v1\/admin\/notice \(code 1008: .*\).*not in the server's ADMIN_ADDRESSES/,
    );
    assert.equal((await list()).total, before);
  });

  it('bad texts or settings exit 2 before anything is sent', async () => {
    const before = (await list()).total;
    const cases: [string[], RegExp][] = [
      [['--title-en', 'Only a title', '--yes'], /--body-en is missing/],
      [
        ['--title-fr', 'Titre', '--body-fr', 'Texte', '--yes'],
        /--title-en and --body-en are required/,
      ],
      [['--title-en', 'x'.repeat(201), '--body-en', 'b', '--yes'], /longer than 200 characters/],
      [['--title-xx', 'x', '--body-en', 'b', '--yes'], /unknown option --title-xx/],
      [['--title-en', 't', '--body-en', 'b'], /no terminal to confirm on/],
    ];
    for (const [argv, message] of cases) {
      const res = await post(argv);
      assert.equal(res.code, 2, `${argv.join(' ')}: ${res.err}`);
      assert.match(res.err, message);
    }
    const badKey = await post(['--title-en', 't', '--body-en', 'b', '--yes'], {
      OPERATOR_PRIVATE_KEY: '0x1234',
    });
    assert.equal(badKey.code, 2);
    assert.match(badKey.err, /OPERATOR_PRIVATE_KEY must be 32 bytes/);
    assert.equal((await list()).total, before);
  });

  it('a server whose TLS certificate is not trusted is reported as such, not as unreachable', async () => {
    // A self-signed certificate, as a staging server or a proxy intercepting TLS would present.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'notice-tls-'));
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
        ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
        ...['-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    );
    const tls = https.createServer(
      { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
      (_q, r) => r.end('{}'),
    );
    await new Promise<void>((r) => tls.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (tls.address() as { port: number }).port;
      const res = await runInProcess(
        ['notice:post', '--title-en', 't', '--body-en', 'b', '--yes'],
        {
          OPERATOR_API_URL: `https://127.0.0.1:${port}`,
        },
      );
      assert.equal(res.code, 1);
      assert.doesNotMatch(res.err, /cannot reach/);
      assert.match(res.err, /TLS certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted/);
      assert.match(res.err, /self-signed/);
      assert.match(res.err, /NODE_EXTRA_CA_CERTS/);
    } finally {
      await new Promise((r) => tls.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an unreachable server is reported, exit 1', async () => {
    const res = await runInProcess(['notice:post', '--title-en', 't', '--body-en', 'b', '--yes'], {
      OPERATOR_API_URL: `http://127.0.0.1:${await findFreePort()}`,
    });
    assert.equal(res.code, 1);
    assert.match(res.err, /cannot reach the server at http:\/\/127\.0\.0\.1:\d+/);
  });
});
