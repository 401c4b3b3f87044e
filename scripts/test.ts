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
      'node --import tsx --test deploy/env-example.test.ts deploy/nginx-upstream.test.ts deploy/topology.test.ts',
  },
];

process.exit(await runSteps(steps));
