/** The production deployment file as the server, operator CLI and web build read it. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import {
  readDeploymentFile,
  useProductionDeploymentFile,
  type DeploymentSet,
} from '../src/deployment-file.ts';

const a = (n: number): `0x${string}` => `0x${n.toString(16).padStart(40, '0')}`;
const record = {
  staking: a(1),
  stakingLens: a(2),
  usdc: a(3),
  usdcDecimals: 6,
  usdcHasPermit: true,
  usdcPermitName: 'USD Coin',
  usdcPermitVersion: '2',
  root: a(4),
  startBlock: 12,
  rewardToken: a(5),
  rewardTokenDecimals: 18,
  router: a(6),
  factory: a(7),
  pair: a(8),
};

function withFile(content: unknown, fn: (file: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'deployment-file-'));
  try {
    const file = join(dir, 'production.json');
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it('keeps exactly the ChainDeployment fields of what deploy-production records', () => {
  const extras = { owner: a(9), deployer: a(10), transactionHash: '0x01', deployedAt: 'now' };
  withFile({ 1: { ...record, ...extras } }, (file) => {
    assert.deepEqual(readDeploymentFile(file), { 1: record });
  });
});

it('refuses an unknown chain, a bad address or a missing number', () => {
  withFile({ 137: record }, (file) => assert.throws(() => readDeploymentFile(file), /137/));
  withFile({ 1: { ...record, staking: 'nope' } }, (file) =>
    assert.throws(() => readDeploymentFile(file), /staking is not an address/),
  );
  withFile({ 56: { ...record, startBlock: undefined } }, (file) =>
    assert.throws(() => readDeploymentFile(file), /startBlock/),
  );
  withFile('{', (file) => assert.throws(() => readDeploymentFile(file), /cannot read/));
});

it('replaces the production entries only', () => {
  const local = { ...record, staking: a(99) };
  const deployments: Record<'local' | 'production', DeploymentSet> = {
    local: { 1: local },
    production: { 56: { ...record, staking: a(98) } },
  };
  withFile({ 1: record }, (file) => useProductionDeploymentFile(deployments, file));
  assert.deepEqual(deployments, { local: { 1: local }, production: { 1: record } });
});

it('reads a relative DEPLOYMENT_FILE against the repository root, whatever the working directory', () => {
  // `npm run build -w web` and `npm start -w server` run in their workspace folder; the runbook
  // and deploy/env.example write the path from the repository root.
  const repoRoot = join(import.meta.dirname, '..', '..');
  const dir = mkdtempSync(join(repoRoot, '.deployment-file-test-'));
  const cwd = process.cwd();
  try {
    writeFileSync(join(dir, 'production.json'), JSON.stringify({ 1: record }));
    const relative = join(dir.slice(repoRoot.length + 1), 'production.json');
    for (const from of [join(repoRoot, 'web'), join(repoRoot, 'server'), repoRoot]) {
      process.chdir(from);
      assert.deepEqual(readDeploymentFile(relative), { 1: record }, `from ${from}`);
    }
  } finally {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  }
});
