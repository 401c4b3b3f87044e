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

async function policyFor(webDist: string | undefined): Promise<string> {
  const app = Fastify();
  registerSecurityHeaders(app, webDist);
  app.get('/', async () => 'ok');
  const res = await app.inject({ url: '/' });
  await app.close();
  return String(res.headers['content-security-policy']);
}

const directive = (policy: string, name: string) =>
  policy.split('; ').find((d) => d.startsWith(`${name} `));

test("the page may reach WalletConnect's relay and verify frame only when the build offers it", async () => {
  const title = '<title>Honest Stake</title>';
  const offering = webBuild(`${title}\n    <meta name="walletconnect" content="on" />`);
  const plain = webBuild(title);
  try {
    const offered = await policyFor(offering);
    assert.equal(
      directive(offered, 'connect-src'),
      "connect-src 'self' https: http://127.0.0.1:* http://localhost:* wss://relay.walletconnect.org wss://relay.walletconnect.com",
    );
    assert.equal(
      directive(offered, 'frame-src'),
      'frame-src https://verify.walletconnect.org https://verify.walletconnect.com',
    );
    for (const dist of [plain, undefined]) {
      const policy = await policyFor(dist);
      assert.equal(
        directive(policy, 'connect-src'),
        "connect-src 'self' https: http://127.0.0.1:* http://localhost:*",
      );
      // No frame-src: frames fall back to default-src 'self'.
      assert.equal(directive(policy, 'frame-src'), undefined);
      assert.match(policy, /^default-src 'self'; /);
    }
  } finally {
    fs.rmSync(offering, { recursive: true, force: true });
    fs.rmSync(plain, { recursive: true, force: true });
  }
});
