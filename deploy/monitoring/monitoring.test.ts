/**
 * deploy/monitoring is what an operator loads into Prometheus and Grafana, so it is tested as such:
 * - `promtool check config` and `promtool test rules` (alerts.test.yml has a case for every rule,
 *   including the one where the only indexer is dead);
 * - a real server with its indexer on a real anvil chain is scraped, and every metric the rules
 *   and the dashboard name must be in its /metrics (a renamed metric would silence an alert);
 * - the chain facts move with the chain: a pause shows up as staking_paused 1.
 * Needs promtool (Debian's `prometheus` package; `.ci/run` installs it without starting it).
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { localAccounts, localDeployerKey } from '@app/contracts/accounts';
import { stakingAbi } from '@app/contracts/generated';
import { startTestChain, type TestChain } from '../../server/src/testing/chain.ts';
import {
  freshPgliteDir,
  startTestServer,
  type TestServer,
} from '../../server/src/testing/harness.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const PROMTOOL = process.env.PROMTOOL ?? '/usr/bin/promtool';
const hasPromtool = fs.existsSync(PROMTOOL);

function promtool(...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(PROMTOOL, args, { cwd: dir }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const rulesText = fs.readFileSync(path.join(dir, 'alerts.yml'), 'utf8');
const dashboard = JSON.parse(fs.readFileSync(path.join(dir, 'grafana-dashboard.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};

/** The `expr` of every rule: a one-line value or a `|` block (its more indented lines). */
function ruleExpressions(yaml: string): string[] {
  const lines = yaml.split('\n');
  const exprs: string[] = [];
  lines.forEach((line, i) => {
    const m = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!m) return;
    if (m[2] !== '|') return void exprs.push(m[2]!);
    const block: string[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j]!;
      if (next.trim() && next.search(/\S/) <= m[1]!.length) break;
      block.push(next);
    }
    exprs.push(block.join('\n'));
  });
  return exprs;
}

const keywords = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/** Metric names in a PromQL expression (not functions, keywords, label names or values). */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const words = bare.match(/\b[a-zA-Z_:][a-zA-Z0-9_:]*\b(?!\s*\()/g) ?? [];
  return words.filter((w) => !keywords.has(w.toLowerCase()));
}

/** Names a scrape exposes (a histogram as its _bucket, _count and _sum series). */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = m;
    names.add(name!);
    if (type === 'histogram' || type === 'summary') {
      for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${name}${suffix}`);
    }
  }
  return names;
}

/**
 * `up` is made by Prometheus itself for every scrape target, and the recording rules of alerts.yml
 * (`- record: name`) by Prometheus from the scraped series.
 */
const fromPrometheus = new Set([
  'up',
  ...[...rulesText.matchAll(/- record: ([\w:]+)/g)].map((m) => m[1]!),
]);

describe('deploy/monitoring', () => {
  it('every alert rule has a promtool unit test', () => {
    const rules = [...rulesText.matchAll(/- alert: (\w+)/g)].map((m) => m[1]!);
    const tests = fs.readFileSync(path.join(dir, 'alerts.test.yml'), 'utf8');
    const tested = new Set([...tests.matchAll(/alertname: (\w+)/g)].map((m) => m[1]!));
    assert.ok(rules.length >= 15, `${rules.length} rules`);
    assert.deepEqual(
      rules.filter((r) => !tested.has(r)),
      [],
      'rules without a test in alerts.test.yml',
    );
  });

  it(
    'promtool: the scrape config and the rules are valid, and every rule test passes',
    {
      skip: hasPromtool
        ? false
        : `needs promtool (${PROMTOOL}; Debian: apt-get install prometheus)`,
    },
    async () => {
      const config = await promtool('check', 'config', 'prometheus.yml');
      assert.equal(config.code, 0, config.output);
      const tests = await promtool('test', 'rules', 'alerts.test.yml');
      assert.equal(tests.code, 0, tests.output);
      assert.match(tests.output, /SUCCESS/);
    },
  );

  describe('against a real /metrics (server + indexer on an anvil chain)', () => {
    let chain: TestChain;
    let server: TestServer;
    const scrape = async () => (await fetch(server.metricsUrl!)).text();

    before(async () => {
      chain = await startTestChain(1);
      server = await startTestServer('pglite', {
        rpcUrls: { [chain.chainId]: chain.rpcUrl },
        indexerPollMs: 100,
        metricsPort: 0,
        ...(process.env.REDIS_URL
          ? { redisUrl: process.env.REDIS_URL, redisPrefix: `monitoring-test-${process.pid}:` }
          : {}),
      });
      await server.indexers.byChain.get(1)!.waitForBlock(await chain.head());
    });
    after(async () => {
      await server?.stop();
      await chain?.stop();
    });

    /** Scrapes until `pattern` shows (the facts are read after each indexed chunk). */
    async function scrapeUntil(pattern: RegExp): Promise<string> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const text = await scrape();
        if (pattern.test(text)) return text;
        if (Date.now() > deadline) assert.match(text, pattern);
        await new Promise((r) => setTimeout(r, 200));
      }
    }

    it('every metric the rules and the dashboard name exists', async () => {
      const text = await scrapeUntil(/^staking_paused\{chain="1"\} 0$/m);
      const exposed = exposedNames(text);
      const named = new Map<string, string>();
      for (const expr of ruleExpressions(rulesText)) {
        for (const name of metricNames(expr)) named.set(name, 'alerts.yml');
      }
      for (const panel of dashboard.panels) {
        for (const target of panel.targets) {
          for (const name of metricNames(target.expr))
            named.set(name, `dashboard "${panel.title}"`);
        }
      }
      assert.ok(named.size >= 20, `${named.size} names`);
      const unknown = [...named].filter(
        ([name]) => !exposed.has(name) && !fromPrometheus.has(name),
      );
      assert.deepEqual(unknown, [], 'metrics named but not exposed by the server and indexer');
    });

    it('exports the chain facts, readiness and dependencies as the rules expect them', async () => {
      const owner = localAccounts[0]!.address;
      let text = await scrapeUntil(/^staking_paused\{chain="1"\} 0$/m);
      assert.match(text, new RegExp(`^staking_owner_info\\{chain="1",owner="${owner}"\\} 1$`, 'm'));
      assert.match(text, /^staking_ownership_pending\{chain="1"\} 0$/m);
      assert.match(text, /^staking_param_changes_queued\{chain="1"\} 0$/m);
      assert.match(text, /^staking_reward_unreserved_coins\{chain="1"\} \d/m);
      assert.match(text, /^app_ready 1$/m);
      assert.match(text, /^dependency_up\{dependency="postgres"\} 1$/m);
      if (process.env.REDIS_URL) assert.match(text, /^dependency_up\{dependency="redis"\} 1$/m);

      // The owner pauses the pool and queues a fee change: both show once indexed.
      const wallet = createWalletClient({
        account: privateKeyToAccount(localDeployerKey),
        chain: chain.chain,
        transport: http(chain.rpcUrl),
      });
      const staking = { address: chain.deployment.staking, abi: stakingAbi } as const;
      for (const hash of [
        await wallet.writeContract({ ...staking, functionName: 'pause' }),
        await wallet.writeContract({ ...staking, functionName: 'queueParam', args: [0, 100n] }),
      ]) {
        await chain.client.waitForTransactionReceipt({ hash });
      }
      text = await scrapeUntil(/^staking_param_changes_queued\{chain="1"\} 1$/m);
      assert.match(text, /^staking_paused\{chain="1"\} 1$/m);
    });
  });

  // An indexer-only host (npm run indexer -w server, the runbook's topology) must feed the same
  // dependency alerts as an API instance: PostgresUnreachable and RpcUnreachable name it too.
  describe('against the separate indexer process', () => {
    let chain: TestChain;
    let indexer: ReturnType<typeof spawn> | undefined;
    let metricsUrl: string;

    before(async () => {
      chain = await startTestChain(1);
      indexer = spawn(process.execPath, ['--import', 'tsx', 'src/indexer/main.ts'], {
        cwd: path.join(dir, '..', '..', 'server'),
        env: {
          ...process.env,
          DEPLOYMENT: 'local',
          RPC_URL_1: chain.rpcUrl,
          RPC_URL_56: '',
          RPC_URLS_FILE: '',
          DATABASE_URL: '',
          PGLITE_DIR: await freshPgliteDir(),
          METRICS_PORT: '0',
          INDEXER_POLL_MS: '100',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      metricsUrl = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`indexer did not start:\n${out}`)),
          120_000,
        );
        indexer!.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /metrics: (http:\/\/[^\s)"]+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        indexer!.once('exit', () => reject(new Error(`indexer exited:\n${out}`)));
      });
    });
    after(async () => {
      if (indexer && indexer.exitCode === null) {
        const exited = new Promise((r) => indexer!.once('exit', r));
        indexer.kill('SIGKILL');
        await exited;
      }
      await chain?.stop();
    });

    it('exports dependency_up of its database and RPC providers, the indexer metrics, and no app_ready', async () => {
      const deadline = Date.now() + 60_000;
      let text = '';
      const indexing = [
        /^dependency_up\{dependency="rpc",chain="1"\} 1$/m,
        /^indexer_running\{chain="1"\} 1$/m,
      ];
      while (!indexing.every((p) => p.test(text))) {
        if (Date.now() > deadline) assert.fail(`no rpc dependency_up:\n${text}`);
        await new Promise((r) => setTimeout(r, 200));
        text = await (await fetch(metricsUrl)).text();
      }
      assert.match(text, /^dependency_up\{dependency="postgres"\} 1$/m);
      assert.match(
        text,
        /^rpc_provider_in_use\{chain="1",provider="127\.0\.0\.1:\d+",position="0"\} 1$/m,
      );
      assert.doesNotMatch(text, /^app_ready /m, 'InstanceNotReady would fire for the indexer');
      // Every metric of the rules that concern an indexer host is exposed by it.
      const exposed = exposedNames(text);
      const groups = rulesText.split(/^ {2}- name: /m);
      const indexerRules = [
        ...ruleExpressions(groups.find((g) => g.startsWith('honest-stake-indexer'))!),
        ...ruleExpressions(rulesText).filter((e) => /dependency_up/.test(e)),
      ];
      const missing = indexerRules
        .flatMap((e) => metricNames(e))
        .filter((n) => !exposed.has(n) && !fromPrometheus.has(n));
      assert.deepEqual([...new Set(missing)], []);
    });
  });
});
