/**
 * `npm test`: everything CI checks, in the order a failure is cheapest to find.
 * Runs against embedded PGlite always, and also against PostgreSQL when DATABASE_URL is set.
 */
import { runSteps, type Step } from './run-steps.ts';

const steps: Step[] = [
  { name: 'contracts: build + generate module', command: 'npm run generate -w contracts' },
  { name: 'lint: eslint', command: 'npx eslint .' },
  { name: 'lint: prettier', command: 'npx prettier --check .' },
  { name: 'lint: solhint', command: 'npm run lint -w contracts' },
  { name: 'typecheck', command: 'npm run typecheck' },
  // An import cycle lets module start-up order leave a binding uninitialised (index:reset crashed).
  { name: 'lint: import cycles and web feature boundaries', command: 'npm run check:cycles' },
  {
    name: 'repo: dependencies run on the promised Node',
    command: 'node --import tsx --test scripts/engines.test.ts',
  },
  // The OpenAPI document is generated from the routes' schemas; Redocly's recommended rules.
  { name: 'lint: OpenAPI (redocly)', command: 'tsx scripts/lint-openapi.ts' },
  { name: 'contracts: forge tests', command: 'npm test -w contracts' },
  // The server suite runs on PGlite always and repeats on PostgreSQL when DATABASE_URL is set
  // (it reports those as skipped otherwise).
  { name: 'server: tests', command: 'npm test -w server' },
  {
    name: 'web: unit tests + locale check',
    command: 'npm test -w web && npm run check:i18n -w web',
  },
  {
    name: 'web: production build (local chains)',
    command: 'npm run build -w web',
    env: { VITE_DEPLOYMENT: 'local' },
  },
  { name: 'e2e: browser tests', command: 'npm test -w e2e' },
  // nginx + two API instances + indexer + PostgreSQL + Redis (needs the web build above; skipped,
  // and reported so, without DATABASE_URL, REDIS_URL or nginx).
  {
    name: 'deploy: topology test',
    command:
      'node --import tsx --test deploy/env-example.test.ts deploy/systemd.test.ts deploy/nginx-upstream.test.ts deploy/nginx-edges.test.ts deploy/monitoring/monitoring.test.ts deploy/topology.test.ts',
  },
  // The previous release (deploy/releases.txt) beside this one on one database, then the rollback
  // (six API/tool starts; needs DATABASE_URL, reported as skipped without it).
  {
    name: 'deploy: upgrade and rollback',
    command: 'node --import tsx --test deploy/upgrade.test.ts',
  },
  // docs/OPERATIONS.md's command blocks, extracted and run in order on `npm run rehearsal`'s chains
  // (≈2.5 min; needs DATABASE_URL, reported as skipped without it); its TLS certificate blocks
  // against Pebble, Let's Encrypt's test CA (≈12 s; needs certbot, pebble, nginx and root).
  {
    name: 'deploy: runbook blocks',
    command: 'node --import tsx --test deploy/runbook.test.ts deploy/acme.test.ts',
  },
];

process.exit(await runSteps(steps));
