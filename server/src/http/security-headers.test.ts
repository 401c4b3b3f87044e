import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import Fastify from 'fastify';
import { registerSecurityHeaders } from './security-headers.ts';

/** A web build folder whose index.html is `html`. */
function webBuild(html: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  return dir;
}

async function connectSrcFor(webDist: string | undefined): Promise<string> {
  const app = Fastify();
  registerSecurityHeaders(app, webDist);
  app.get('/', async () => 'ok');
  const res = await app.inject({ url: '/' });
  await app.close();
  const policy = String(res.headers['content-security-policy']);
  return policy.split('; ').find((d) => d.startsWith('connect-src '))!;
}

test("the page may reach WalletConnect's relay only when the served build offers WalletConnect", async () => {
  const title = '<title>Honest Stake</title>';
  const offering = webBuild(`${title}\n    <meta name="walletconnect" content="on" />`);
  const plain = webBuild(title);
  try {
    assert.equal(
      await connectSrcFor(offering),
      "connect-src 'self' https: http://127.0.0.1:* http://localhost:* wss://relay.walletconnect.org wss://relay.walletconnect.com",
    );
    for (const dist of [plain, undefined])
      assert.equal(
        await connectSrcFor(dist),
        "connect-src 'self' https: http://127.0.0.1:* http://localhost:*",
      );
  } finally {
    fs.rmSync(offering, { recursive: true, force: true });
    fs.rmSync(plain, { recursive: true, force: true });
  }
});
