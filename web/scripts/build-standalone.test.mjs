import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { buildStandalone } from './build-standalone.mjs';
import { folderDigest } from './folder-digest.mjs';

const dirs = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'standalone-'));
  dirs.push(dir);
  return dir;
};

test('the standalone build is reproducible, relative, and has no server of ours in it', async () => {
  const [first, second] = [tempDir(), tempDir()];
  const digest = await buildStandalone(first);
  assert.equal(await buildStandalone(second), digest, 'two builds of one commit, one SHA-256');
  const files = readdirSync(first, { recursive: true }).sort();
  assert.deepEqual(readdirSync(second, { recursive: true }).sort(), files);
  for (const file of files) {
    if (!file.includes('.')) continue;
    assert.ok(readFileSync(join(first, file)).equals(readFileSync(join(second, file))), file);
  }
  // Any host, any path: every asset of index.html is relative; the exit guide is next to it.
  const html = readFileSync(join(first, 'index.html'), 'utf8');
  assert.match(html, /src="\.\/assets\/index-[\w-]+\.js"/);
  assert.doesNotMatch(html, /(src|href)="\//, 'no absolute path in index.html');
  // Issue 26 §1: the home page's shell is in the HTML (painted before any script), with no inline
  // script (the CSP forbids them); the boot script that sets the language's direction is a file.
  assert.match(html, /<div id="root"><div data-shell="" class="app/);
  assert.match(html, /data-testid="standalone-intro"/);
  assert.match(html, /<script src="\.\/assets\/boot-[\w-]+\.js"><\/script>/);
  for (const script of html.match(/<script[^>]*>/g) ?? [])
    assert.match(script, / src="/, `an inline script: ${script}`);
  assert.ok(files.includes('EXIT.md'));
  assert.ok(!files.includes('sw.js'), 'no service worker');
  assert.ok(!files.some((f) => f.endsWith('.br') || f.endsWith('.gz')));
  // The digest names the bytes: one changed byte changes it.
  writeFileSync(join(second, 'EXIT.md'), readFileSync(join(second, 'EXIT.md'), 'utf8') + ' ');
  assert.notEqual(folderDigest(second), digest);
});
