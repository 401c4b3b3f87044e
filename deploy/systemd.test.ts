/**
 * The unit files of deploy/systemd/ (our nginx, the API instances, the indexer and its standby)
 * pass `systemd-analyze verify`: every key known, every command present, the templates' instances
 * loadable. Skipped, and reported so, where systemd-analyze is absent (CI installs Debian's systemd).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { nginxVariables } from './render.ts';

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const unitDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'systemd');

/** A template is verified through one instance of it (the names OPERATIONS.md uses). */
const units = [
  'honest-stake-nginx.service',
  'honest-stake-api@3001.service',
  'honest-stake-indexer@primary.service',
  'honest-stake-indexer@standby.service',
];

describe(
  'systemd units',
  { skip: !fs.existsSync(SYSTEMD_ANALYZE) && `${SYSTEMD_ANALYZE} missing` },
  () => {
    it('every unit file is one of the units verified', () => {
      const templates = new Set(units.map((u) => u.replace(/@[^.]+\./, '@.')));
      assert.deepEqual(fs.readdirSync(unitDir).sort(), [...templates].sort());
    });

    it('systemd-analyze verify finds nothing to say about them', async () => {
      // It warns on stderr (an unknown key, a bad value) and still exits 0: both are failures here.
      const result = await promisify(execFile)(
        SYSTEMD_ANALYZE,
        ['verify', ...units.map((u) => `./${u}`)],
        { cwd: unitDir },
      ).catch((err: { code: number; stdout: string; stderr: string }) => err);
      const ours = result.stderr
        .split('\n')
        .filter((line) => line.includes('honest-stake'))
        .join('\n');
      assert.equal('code' in result ? result.code : 0, 0, result.stderr);
      assert.equal(ours, '', result.stderr);
    });

    it('the API and indexer units restart on failure and reload through /-/reload', () => {
      for (const file of ['honest-stake-api@.service', 'honest-stake-indexer@.service']) {
        const unit = fs.readFileSync(path.join(unitDir, file), 'utf8');
        assert.match(unit, /^Restart=always$/m, file);
        assert.match(unit, /^StartLimitIntervalSec=0$/m, file);
        assert.match(unit, /^ExecReload=.*curl -fsS -X POST .*\/-\/reload$/m, file);
        // At least the 10 s a process takes to drain on SIGTERM.
        assert.ok(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]) >= 10, file);
      }
    });

    it('our nginx unit and the rendered config share one pid file, not Debian’s', () => {
      const nginx = fs.readFileSync(path.join(unitDir, 'honest-stake-nginx.service'), 'utf8');
      const pidFile = /^PIDFile=(.+)$/m.exec(nginx)?.[1];
      assert.equal(pidFile, nginxVariables.NGINX_PID_FILE);
      assert.notEqual(pidFile, '/run/nginx.pid', 'Debian’s nginx.service owns /run/nginx.pid');
      const env = fs.readFileSync(path.join(unitDir, '..', 'env.example'), 'utf8');
      assert.match(env, new RegExp(`^NGINX_PID_FILE=${pidFile}$`, 'm'));
    });
  },
);
