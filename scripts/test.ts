/**
 * `npm test`: everything CI checks, as a dependency graph (scripts/run-steps.ts): the contracts'
 * build and generated module first, then the steps that need only it side by side, the browser
 * tests as soon as the web build is there. Runs against embedded PGlite always, and also against
 * PostgreSQL when DATABASE_URL is set.
 *
 *   npm test                          every step
 *   npm test -- --only e2e            one step (its prerequisites assumed done); --only may repeat
 *   npm test -- --list                the steps, their ids and what each waits for
 * TEST_JOBS sets how many heavy steps run at once (default 2, for a 2-core machine).
 * `seconds` are each step's time on a quiet 2-core machine, rounded: the scheduler starts the
 * longest chain first.
 */
import { runSteps, type Step } from './run-steps.ts';

const steps: Step[] = [
  {
    id: 'generate',
    name: 'contracts: build + generate module',
    command: 'npm run generate -w contracts',
    seconds: 40,
  },
  { id: 'eslint', name: 'lint: eslint', command: 'npx eslint .', after: ['generate'], seconds: 60 },
  {
    id: 'prettier',
    name: 'lint: prettier',
    command: 'npx prettier --check .',
    after: ['generate'],
    light: true,
    seconds: 15,
  },
  {
    id: 'solhint',
    name: 'lint: solhint',
    command: 'npm run lint -w contracts',
    light: true,
    seconds: 10,
  },
  {
    id: 'typecheck',
    name: 'typecheck',
    command: 'npm run typecheck',
    after: ['generate'],
    seconds: 60,
  },
  // An import cycle lets module start-up order leave a binding uninitialised (index:reset crashed).
  {
    id: 'cycles',
    name: 'lint: import cycles and web feature boundaries',
    command: 'npm run check:cycles',
    after: ['generate'],
    light: true,
    seconds: 10,
  },
  {
    id: 'engines',
    name: 'repo: dependencies run on the promised Node',
    command: 'node --import tsx --test scripts/engines.test.ts scripts/run-steps.test.ts',
    light: true,
    seconds: 5,
  },
  // The OpenAPI document is generated from the routes' schemas; Redocly's recommended rules.
  {
    id: 'openapi',
    name: 'lint: OpenAPI (redocly)',
    command: 'tsx scripts/lint-openapi.ts',
    after: ['generate'],
    light: true,
    seconds: 10,
  },
  {
    id: 'contracts',
    name: 'contracts: forge tests',
    command: 'npm test -w contracts',
    after: ['generate'],
    seconds: 85,
  },
  // The server suite runs on PGlite always and repeats on PostgreSQL when DATABASE_URL is set
  // (it reports those as skipped otherwise).
  {
    id: 'server',
    name: 'server: tests',
    command: 'npm test -w server',
    after: ['generate'],
    seconds: 170,
  },
  {
    id: 'web',
    name: 'web: unit + component tests + locale check',
    command: 'npm test -w web && npm run check:i18n -w web',
    after: ['generate'],
    seconds: 15,
  },
  {
    id: 'web-build',
    name: 'web: production build (local chains)',
    command: 'npm run build -w web',
    env: { VITE_DEPLOYMENT: 'local' },
    after: ['generate'],
    seconds: 40,
  },
  {
    id: 'e2e',
    name: 'e2e: browser tests',
    command: 'npm test -w e2e',
    after: ['web-build'],
    seconds: 400,
  },
  // nginx + two API instances + indexer + PostgreSQL + Redis (needs the web build; skipped, and
  // reported so, without DATABASE_URL, REDIS_URL or nginx).
  {
    id: 'topology',
    name: 'deploy: topology test',
    command:
      'node --import tsx --test deploy/env-example.test.ts deploy/systemd.test.ts deploy/nginx-upstream.test.ts deploy/nginx-edges.test.ts deploy/monitoring/monitoring.test.ts deploy/topology.test.ts',
    after: ['web-build'],
    seconds: 60,
  },
  // The previous release (deploy/releases.txt) beside this one on one database, then the rollback
  // (six API/tool starts; needs DATABASE_URL, reported as skipped without it).
  {
    id: 'upgrade',
    name: 'deploy: upgrade and rollback',
    command: 'node --import tsx --test deploy/upgrade.test.ts',
    after: ['generate'],
    seconds: 60,
  },
  // docs/OPERATIONS.md's command blocks, extracted and run in order on `npm run rehearsal`'s chains
  // (≈2.5 min; needs DATABASE_URL, reported as skipped without it); its TLS certificate blocks
  // against Pebble, Let's Encrypt's test CA (≈12 s; needs certbot, pebble, nginx and root).
  {
    id: 'runbook',
    name: 'deploy: runbook blocks',
    command: 'node --import tsx --test deploy/runbook.test.ts deploy/acme.test.ts',
    after: ['web-build'],
    seconds: 110,
  },
];

const argv = process.argv.slice(2);
if (argv.includes('--list')) {
  for (const s of steps)
    console.log(
      `${s.id.padEnd(10)} ${s.name}${s.after?.length ? `  (after ${s.after.join(', ')})` : ''}`,
    );
  process.exit(0);
}
const only: string[] = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--only' && argv[i + 1]) only.push(argv[++i]!);
  else if (argv[i]!.startsWith('--only=')) only.push(argv[i]!.slice('--only='.length));
  else {
    console.error(`unknown argument ${argv[i]}; use --only <step> or --list`);
    process.exit(2);
  }
}
const heavySlots = Math.max(1, Number(process.env.TEST_JOBS ?? 2) || 2);
process.exit(await runSteps(steps, { only, heavySlots }));
