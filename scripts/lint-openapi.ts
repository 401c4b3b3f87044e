/**
 * `npm test` step: writes the OpenAPI document the server serves (generated from the routes'
 * schemas) and lints it with Redocly's `recommended` rules (redocly.yaml). Offline: no telemetry,
 * no update check, and the document has no external $refs to fetch.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument } from '../server/src/http/openapi-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
  const result = spawnSync('npx', ['redocly', 'lint', '--config', 'redocly.yaml', file], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
