/**
 * bench/lighthouse: Lighthouse's performance audit of a first visit to `/#/`, as a phone sees it.
 *
 * Builds the web app for production (as bench/web-size does), serves the build with the real
 * server (`startServer`: compression and cache headers as deployed, a fresh PGlite answering the
 * API; no RPC, no indexer), and runs Lighthouse's default mobile preset (Moto G Power-sized screen,
 * simulated slow 4G and a 4x slower CPU) in Debian's Chromium, `RUNS` times from a cold cache.
 * Prints each run and the median of each metric, with PASS/MISS against the targets; exits 1 on a
 * miss. The median run's report is written to bench/artifacts/lighthouse.html (and .json).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../server/src/start.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

interface Metrics {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  tti: number;
  si: number;
}

const targets: { label: string; ok: (m: Metrics) => boolean; want: string }[] = [
  { label: 'performance', ok: (m) => m.score >= 0.95, want: '≥ 0.95' },
  { label: 'LCP', ok: (m) => m.lcp <= 2500, want: '≤ 2.5 s' },
  { label: 'TBT', ok: (m) => m.tbt <= 200, want: '≤ 200 ms' },
];

const root = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const webDist = join(work, 'dist');

const build = spawnSync(`npx vite build --outDir ${webDist} --emptyOutDir`, {
  cwd: join(root, 'web'),
  shell: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, VITE_DEPLOYMENT: 'production' },
});
if (build.status !== 0) throw new Error('web build failed');

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  pgliteDir: join(work, 'pglite'),
  rpcUrls: {},
  deployment: 'production',
  indexer: false,
  webDist,
});

const runs: { metrics: Metrics; html: string; json: string }[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    try {
      const result = await lighthouse(`${server.url}/#/`, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!result) throw new Error('lighthouse returned no result');
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const metrics: Metrics = {
        score: lhr.categories.performance?.score ?? 0,
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        tti: audit('interactive'),
        si: audit('speed-index'),
      };
      runs.push({ metrics, html: String(result.report), json: JSON.stringify(lhr) });
      console.log(`run ${i + 1}: ${line(metrics)}`);
    } finally {
      chrome.kill();
    }
  }
} finally {
  await server.close();
  rmSync(work, { recursive: true, force: true });
}

function line(m: Metrics): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `performance ${m.score.toFixed(2)}`,
    `FCP ${s(m.fcp)}`,
    `LCP ${s(m.lcp)}`,
    `TBT ${Math.round(m.tbt)} ms`,
    `CLS ${m.cls.toFixed(3)}`,
    `TTI ${s(m.tti)}`,
    `SI ${s(m.si)}`,
  ].join('  ');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const metricOf = (key: keyof Metrics) => median(runs.map((r) => r.metrics[key]));
const result: Metrics = {
  score: metricOf('score'),
  fcp: metricOf('fcp'),
  lcp: metricOf('lcp'),
  tbt: metricOf('tbt'),
  cls: metricOf('cls'),
  tti: metricOf('tti'),
  si: metricOf('si'),
};

// The report of the run whose score is the median, for a person to read.
const medianRun = runs.find((r) => r.metrics.score === result.score) ?? runs[0];
if (medianRun) {
  const artifacts = join(import.meta.dirname, 'artifacts');
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(join(artifacts, 'lighthouse.html'), medianRun.html);
  writeFileSync(join(artifacts, 'lighthouse.json'), medianRun.json);
}

console.log(
  `\nFirst visit to /#/ (production build, Lighthouse mobile preset), median of ${RUNS}:`,
);
console.log(line(result));
let missed = false;
for (const target of targets) {
  const ok = target.ok(result);
  missed ||= !ok;
  console.log(`${ok ? 'PASS' : 'MISS'}  ${target.label} ${target.want}`);
}
process.exit(missed ? 1 : 0);
