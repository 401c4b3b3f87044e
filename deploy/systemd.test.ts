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
import { Registry } from 'prom-client';
import { serveMetrics } from '../server/src/observability/metrics-server.ts';
import { nginxVariables } from './render.ts';

const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const deployDir = path.dirname(fileURLToPath(import.meta.url));
const unitDir = path.join(deployDir, 'systemd');
const repoRoot = path.dirname(deployDir);

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
        assert.match(
          unit,
          /^ExecReload=\/bin\/sh \/opt\/honest-stake\/deploy\/bin\/reload\.sh$/m,
          file,
        );
        // At least the 10 s a process takes to drain on SIGTERM.
        assert.ok(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]) >= 10, file);
      }
    });

    it('systemctl reload sends the reload token when one is set, and fails when the process refuses', async () => {
      // The units' reload command as systemd runs it, with the repo where the units expect it.
      const unit = fs.readFileSync(path.join(unitDir, 'honest-stake-api@.service'), 'utf8');
      const [shell, script] = /^ExecReload=(.+)$/m.exec(unit)![1]!.split(' ');
      const reloadScript = script!.replace('/opt/honest-stake/', `${repoRoot}/`);
      const reloads: string[] = [];
      const token = 'reload-token-of-this-test';
      const server = await serveMetrics(
        new Registry(),
        0,
        '127.0.0.1',
        () => {
          reloads.push('reloaded');
          return { ok: true };
        },
        token,
      );
      try {
        const port = new URL(server.url).port;
        const reload = (env: Record<string, string>) =>
          promisify(execFile)(shell!, [reloadScript], {
            env: { PATH: process.env.PATH, METRICS_HOST: '127.0.0.1', METRICS_PORT: port, ...env },
          }).then(
            (r) => ({ code: 0, out: r.stdout + r.stderr }),
            (e: { code: number; stdout: string; stderr: string }) => ({
              code: e.code,
              out: e.stdout + e.stderr,
            }),
          );
        const done = await reload({ METRICS_RELOAD_TOKEN: token });
        assert.equal(done.code, 0, done.out);
        assert.deepEqual(reloads, ['reloaded']);
        // Without the token, or with another, the process refuses and so does systemctl reload.
        for (const env of [{}, { METRICS_RELOAD_TOKEN: 'another' }] as Record<string, string>[]) {
          const refused = await reload(env);
          assert.notEqual(refused.code, 0, JSON.stringify(env));
          assert.match(refused.out, /reload refused: send METRICS_RELOAD_TOKEN/);
        }
        assert.deepEqual(reloads, ['reloaded'], 'nothing reloaded without the token');
      } finally {
        await server.close();
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
