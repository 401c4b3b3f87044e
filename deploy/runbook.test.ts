/**
 * docs/OPERATIONS.md is a test: every command block is extracted from the Markdown
 * (scripts/runbook/blocks.ts) and run as written, in the order of the file, against the chain pair
 * of `npm run rehearsal` and a fresh PostgreSQL database — a doc edit that breaks a command fails
 * here. A block marked `skip` says why it cannot run here; a block without a mark fails.
 *
 * The only rewrite is the one the runbook itself gives for a rehearsal: deploy-production gets
 * `--config "$NETWORKS_CONFIG" --out "$DEPLOYMENT_FILE"`. Values the runbook asks the operator to
 * know (the leaked key, the current owner's key, the Safe created in §9) are given as the variables
 * it names. §9's blocks run in a folder of their own, where their signed files are written. The 48 h
 * between §9's queue and its execution pass by anvil's clock (evm_increaseTime), between the two
 * blocks, as the runbook says a rehearsal does. Needs DATABASE_URL (the standby and the backup need
 * PostgreSQL); skipped, and reported so, without it. The blocks marked `run tls-…` (§4, TLS
 * certificate) are run by deploy/acme.test.ts, against an ACME test server.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findFreePort } from '@app/contracts/local';
import {
  commandBlocks,
  operatorCommandOrder,
  type CommandBlock,
} from '../scripts/runbook/blocks.ts';
import { freshPostgresDatabase } from '../server/src/testing/harness.ts';
import { repoDir } from './topology/services.ts';

const runbook = fs.readFileSync(path.join(repoDir, 'docs/OPERATIONS.md'), 'utf8');
const blocks = commandBlocks(runbook);

interface Proc {
  child: ChildProcess;
  output: () => string;
  waitFor(pattern: RegExp, ms?: number): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * A bash process in the repository root (or in `cwd`, a folder inside it, where npm still finds the
 * workspace), in its own process group (killed as a whole).
 */
function bash(code: string, env: Record<string, string>, cwd = repoDir): Proc {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', code], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const waiters = new Set<() => void>();
  const take = (c: Buffer) => {
    out += c.toString();
    for (const w of [...waiters]) w();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  return {
    child,
    output: () => out,
    exited,
    waitFor: (pattern, ms = 120_000) =>
      new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          waiters.delete(check);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve();
        };
        const check = () => pattern.test(out) && done();
        const timer = setTimeout(() => done(new Error(`no ${pattern} in ${ms} ms:\n${out}`)), ms);
        waiters.add(check);
        void exited.then(() => {
          if (waiters.has(check) && !pattern.test(out))
            done(new Error(`exited before ${pattern}:\n${out}`));
        });
        check();
      }),
  };
}

async function kill(proc: Proc, signal: NodeJS.Signals = 'SIGTERM') {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  try {
    process.kill(-proc.child.pid!, signal);
  } catch {
    return;
  }
  await proc.exited;
}

/** A block that runs to its end and must succeed. */
async function runToEnd(
  block: CommandBlock,
  env: Record<string, string>,
  cwd?: string,
): Promise<string> {
  const proc = bash(block.code, env, cwd);
  const code = await proc.exited;
  assert.equal(
    code,
    0,
    `OPERATIONS.md line ${block.line} (${block.heading}) failed:\n${proc.output()}`,
  );
  return proc.output();
}

/** Lines of a block without comments, for blocks whose every line is a long-running process. */
const commandLines = (block: CommandBlock) =>
  block.code
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l && !l.startsWith('#'));

it('every command block of OPERATIONS.md is marked run or skip (with its reason)', () => {
  const unmarked = blocks
    .filter((b) => b.mark.kind === 'none')
    .map((b) => `line ${b.line}: ${b.heading}`);
  assert.deepEqual(unmarked, []);
  const run = blocks.filter((b) => b.mark.kind === 'run');
  const skipped = blocks.filter((b) => b.mark.kind === 'skip');
  const acme = run.filter((b) => (b.mark as { id: string }).id.startsWith('tls-'));
  console.log(
    `runbook: ${run.length} blocks run (${acme.length} by deploy/acme.test.ts), ${skipped.length} cannot run here:`,
  );
  for (const b of skipped) {
    console.log(`  line ${b.line} (${b.heading}): ${(b.mark as { reason: string }).reason}`);
  }
  assert.ok(run.length >= 6, 'the runbook still runs its blocks');
});

it('OPERATIONS.md and contracts/config/README.md give the hand-over and day-one steps in one order', () => {
  const readme = fs.readFileSync(path.join(repoDir, 'contracts/config/README.md'), 'utf8');
  const ops = operatorCommandOrder(runbook);
  const cfg = operatorCommandOrder(readme);
  const both = ops.filter((c) => cfg.includes(c));
  assert.ok(both.includes('ownership:accept') && both.includes('plan:create'), both.join(' '));
  assert.deepEqual(
    cfg.filter((c) => both.includes(c)),
    both,
  );
});

describe(
  'OPERATIONS.md, block by block, on the rehearsal chains',
  {
    skip:
      !process.env.DATABASE_URL && 'set DATABASE_URL (PostgreSQL for the standby and the backup)',
  },
  () => {
    let rehearsal: Proc;
    let env: Record<string, string>;
    /** The rehearsal's env file, as written. */
    let envFile: Record<string, string>;
    const databases: { drop(): Promise<void> }[] = [];
    const outDir = path.join('.data', `runbook-${process.pid}`);
    // §9's blocks write their signed files in the folder they are typed in: this one.
    const safeDir = path.join(repoDir, outDir, 'safe');

    before(async () => {
      // The databases exist before the rehearsal names them in its env file (an operator runs
      // createdb first); everything else §4–§7 use is the env file's own.
      const db = await freshPostgresDatabase('runbook');
      const restored = await freshPostgresDatabase('runbook_restore');
      databases.push(db, restored);
      rehearsal = bash(
        `npm run --silent rehearsal -- --eth-port ${await findFreePort()} --bsc-port ${await findFreePort()} --out ${outDir} --database-url ${db.url} --restore-database-url ${restored.url}`,
        {},
      );
      await rehearsal.waitFor(/rehearsal ready/, 120_000);
      const envText = fs.readFileSync(path.join(repoDir, outDir, 'env'), 'utf8');
      envFile = Object.fromEntries(
        envText
          .split('\n')
          .filter(Boolean)
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      // Only the test's own knobs are added: a faster poll, and logs to wait on.
      env = { ...envFile, INDEXER_POLL_MS: '200', LOG_LEVEL: 'info' };
      fs.mkdirSync(safeDir, { recursive: true });
    });

    it("the rehearsal's env file names every variable the run blocks use that the runbook does not have the operator type", () => {
      // The values the runbook has the operator give (a leaked key, the current owner's key, the
      // Safe of §9, the new provider), and those a block sets itself.
      const given = new Set([
        'LEAKED_OWNER_KEY',
        'LEAKED_ADMIN_ADDRESS',
        'CURRENT_OWNER_KEY',
        'SAFE',
        'NEW_RPC_URL_1',
        'RPC_URLS_FILE',
        'METRICS_RELOAD_TOKEN',
      ]);
      const missing = new Map<string, string>();
      for (const block of blocks.filter(
        (b) => b.mark.kind === 'run' && !(b.mark as { id: string }).id.startsWith('tls-'),
      )) {
        const own = new Set(
          [...block.code.matchAll(/(?:^|[\s;(])(?:export\s+)?([A-Z][A-Z0-9_]*)=/gm)].map(
            (m) => m[1]!,
          ),
        );
        for (const m of block.code.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)) {
          const name = m[1]!;
          if (!(name in envFile) && !own.has(name) && !given.has(name))
            missing.set(name, `line ${block.line} (${block.heading})`);
        }
      }
      assert.deepEqual(Object.fromEntries(missing), {}, 'used by a block, not in the env file');
    });
    after(async () => {
      if (rehearsal) await kill(rehearsal);
      for (const d of databases) await d.drop();
      fs.rmSync(path.join(repoDir, outDir), { recursive: true, force: true });
      for (const f of fs.readdirSync(repoDir).filter((f) => /^honest_stake-.*\.dump$/.test(f))) {
        fs.rmSync(path.join(repoDir, f));
      }
    });

    /** An operator CLI read with --json, as an operator would check the state. */
    const operatorJson = async <T>(args: string): Promise<T> => {
      const code = `npm run --silent operator -- ${args} --json`;
      const check: CommandBlock = { line: 0, heading: 'a check', code, mark: { kind: 'none' } };
      return JSON.parse(await runToEnd(check, env)) as T;
    };
    const ownership = () =>
      operatorJson<{ owner: string; pendingOwner: string }>(
        'ownership --network ETH --deployment production',
      );
    const feeBps = async () => {
      const list = await operatorJson<{
        params: { name: string; value: string; pending: { value: string } | null }[];
      }>('param:list --network ETH --deployment production');
      return list.params.find((p) => p.name === 'fee-bps')!;
    };
    const safeNonce = async () =>
      (
        await operatorJson<{ nonce: string }>(
          `safe --network ETH --deployment production --safe ${env.SAFE}`,
        )
      ).nonce;
    /** A JSON-RPC call to the rehearsal's ETH chain (anvil). */
    const rpc = async (method: string, params: unknown[] = []) => {
      const res = await fetch(env.RPC_URL_1!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      const body = (await res.json()) as { error?: unknown; result?: unknown };
      assert.equal(body.error, undefined, `${method}: ${JSON.stringify(body.error)}`);
      return body.result;
    };

    const runners: Record<string, (block: CommandBlock) => Promise<void>> = {
      async deploy(block) {
        // The rehearsal's one rewrite, as the runbook gives it.
        const code = block.code.replaceAll(
          'deploy-production.ts',
          'deploy-production.ts --config "$NETWORKS_CONFIG" --out "$DEPLOYMENT_FILE"',
        );
        const out = await runToEnd({ ...block, code }, env);
        assert.match(out, /recorded in/);
        const file = JSON.parse(fs.readFileSync(path.join(repoDir, env.DEPLOYMENT_FILE!), 'utf8'));
        assert.deepEqual(Object.keys(file).sort(), ['1', '56']);
      },
      async ownership(block) {
        const out = await runToEnd(block, env);
        assert.match(out, new RegExp(env.OWNER_ADDRESS!, 'i'));
        // Both chains' Staking, not only Ethereum's: walked literally, neither stays the deployer's.
        for (const network of ['ETH', 'BSC']) {
          const o = await operatorJson<{ owner: string; pendingOwner: string }>(
            `ownership --network ${network} --deployment production`,
          );
          assert.equal(o.owner, env.OWNER_ADDRESS, `${network}'s owner`);
        }
      },
      async 'day-one'(block) {
        const out = await runToEnd(block, env);
        assert.match(out, /plan/i);
        for (const network of ['ETH', 'BSC']) {
          const list = await operatorJson<{ plans: { status: string }[] }>(
            `plan:list --network ${network} --deployment production`,
          );
          assert.deepEqual(
            list.plans.map((p) => p.status),
            ['open'],
            `${network} has its first plan`,
          );
        }
      },
      async topology(block) {
        // Started in the runbook's order, each once the one before is up: the indexer must hold
        // both chains' locks before its standby starts, or the two may race for them (in CI the
        // standby once won, and no process was the standby to watch).
        // On this one host each process gets its own metrics port (the runbook: "its own PORT,
        // METRICS_PORT"); the API has the env file's.
        const [apiLine, indexerLine, standbyLine] = commandLines(block);
        const api = bash(apiLine!, env);
        const ownPort = async () => ({ ...env, METRICS_PORT: String(await findFreePort()) });
        let indexer: Proc | undefined;
        let standby: Proc | undefined;
        try {
          await api.waitFor(/"msg":"server listening on http/);
          assert.match(api.output(), new RegExp(`listening on http://[^ ]+:${env.PORT}\\b`));
          indexer = bash(indexerLine!, await ownPort());
          // A line of a chain other than "standby" is written only while its lock is held.
          for (const chainId of [1, 56]) {
            await indexer.waitFor(new RegExp(`indexer chain ${chainId}: (?!another indexer runs)`));
          }
          standby = bash(standbyLine!, await ownPort());
          await standby.waitFor(/indexer chain 1: another indexer runs: standby/);
          await standby.waitFor(/indexer chain 56: another indexer runs: standby/);
          await kill(indexer, 'SIGKILL');
          await standby.waitFor(/took over/, 60_000);
          for (const p of [api, standby]) {
            for (const line of p
              .output()
              .split('\n')
              .filter((l) => l.startsWith('{') || l.startsWith('server'))) {
              assert.doesNotThrow(() => JSON.parse(line), `a JSON log line: ${line}`);
            }
          }
        } finally {
          for (const p of [api, indexer, standby]) if (p) await kill(p, 'SIGKILL');
        }
      },
      async promtool(block) {
        // Checks the scrape config and unit-tests every alert rule (promtool from Debian's prometheus).
        const out = await runToEnd(block, env);
        assert.match(out, /SUCCESS/);
      },
      async backup(block) {
        const rootBefore = fs.readdirSync(repoDir);
        await runToEnd(block, env);
        // The dump holds sessions: in BACKUP_DIR, git-ignored here, and nothing new in the root.
        const dumps = fs.readdirSync(path.join(repoDir, env.BACKUP_DIR!));
        assert.equal(dumps.filter((f) => f.endsWith('.dump')).length, 1, dumps.join(' '));
        const dump = path.join(
          env.BACKUP_DIR!,
          dumps.find((f) => f.endsWith('.dump'))!,
        );
        const ignored = spawnSync('git', ['check-ignore', '-q', dump], { cwd: repoDir });
        assert.equal(ignored.status, 0, `${dump} is git-ignored`);
        assert.deepEqual(
          fs.readdirSync(repoDir).filter((f) => !rootBefore.includes(f)),
          [],
          'nothing written in the repository root',
        );
      },
      async upgrade(block) {
        // The servers above have migrated this database already: nothing to apply, and said so.
        const out = await runToEnd(block, env);
        assert.match(out, /"msg":"schema already at version \d+: nothing to apply"/);
      },
      async 'owner-key-leaked'(block) {
        // The attacker, holding the owner key, queues a fee change first.
        const leaked = { ...env, LEAKED_OWNER_KEY: env.OWNER_PRIVATE_KEY! };
        await runToEnd(
          {
            ...block,
            code: 'OPERATOR_PRIVATE_KEY=$LEAKED_OWNER_KEY npm run --silent operator -- param:queue --deployment production --network ETH --param fee-bps --value 9% --yes',
          },
          leaked,
        );
        const out = await runToEnd(block, leaked);
        assert.match(out, /Cancel the queued change of fee-bps/);
        assert.match(
          out.split('ownership:accept').at(-1)!,
          new RegExp(env.NEW_OWNER_ADDRESS!, 'i'),
        );
        const list = await runToEnd(
          {
            ...block,
            code: 'npm run --silent operator -- param:list --deployment production --network ETH --json',
          },
          env,
        );
        const queued = (JSON.parse(list) as { params: { name: string; pending: unknown }[] }).params
          .filter((p) => p.pending !== null)
          .map((p) => p.name);
        assert.deepEqual(queued, [], 'nothing the attacker queued is left');
      },
      async 'admin-key-leaked'(block) {
        const out = await runToEnd(block, { ...env, LEAKED_ADMIN_ADDRESS: env.ADMIN_ADDRESSES! });
        assert.match(out, /session\(s\) revoked/);
      },
      async 'safe-create'(block) {
        const out = await runToEnd(block, env, safeDir);
        assert.match(out, /threshold\s+2 of 3 owners/);
        for (const owner of [env.OWNER_A!, env.OWNER_B!, env.OWNER_C!])
          assert.ok(out.includes(owner));
        // The operator's shell keeps $SAFE for the next blocks; each block here is its own bash.
        env.SAFE = /^safe=(0x[0-9a-fA-F]{40})$/m.exec(out)![1]!;
      },
      async 'safe-ownership'(block) {
        // After §7's drill the owner is the plain key that replaced the leaked one.
        assert.equal((await ownership()).owner, env.NEW_OWNER_ADDRESS);
        const out = await runToEnd(
          block,
          { ...env, CURRENT_OWNER_KEY: env.NEW_OWNER_PRIVATE_KEY! },
          safeDir,
        );
        assert.match(out, /1 of 2 signatures; nothing was sent/);
        assert.match(out, /2 of 2 signatures/);
        assert.match(out, /sent Safe\.execTransaction/);
        assert.deepEqual(await ownership(), {
          network: 'ETH',
          chainId: 1,
          owner: env.SAFE,
          pendingOwner: '0x0000000000000000000000000000000000000000',
        });
      },
      async 'safe-fee-queue'(block) {
        const out = await runToEnd(block, env, safeDir);
        assert.match(out, /ParamQueued/);
        const fee = await feeBps();
        assert.equal(fee.pending?.value, '200', 'the Safe queued 2%');
        assert.notEqual(fee.value, '200');
        const signed = path.join(safeDir, 'fee-exec.b.json');
        assert.ok(fs.existsSync(signed), `the signed files are where the commands ran: ${signed}`);
      },
      async 'safe-fee-exec'(block) {
        const execLine = commandLines({ ...block, code: block.code.replace(/\\\n\s*/g, ' ') }).find(
          (l) => l.includes('safe:exec'),
        );
        const nonce = await safeNonce();
        // One owner's signature: the CLI refuses before anything is sent.
        const alone = bash(execLine!.replace(/\s+--file fee-exec\.b\.json/, ''), env, safeDir);
        assert.notEqual(await alone.exited, 0, alone.output());
        assert.match(
          alone.output(),
          /1 of 2 owner signatures: the Safe requires 2; nothing was sent/,
        );
        // Before the eta: the block as written is refused with the contract's error, nothing sent.
        const early = bash(block.code, env, safeDir);
        assert.notEqual(await early.exited, 0, early.output());
        assert.match(early.output(), /TimelockNotReady/);
        assert.equal(await safeNonce(), nonce, 'nothing was sent');
        assert.notEqual((await feeBps()).value, '200');
        // The runbook's 48 h, on the rehearsal chain: its clock moved past the delay (test-only, as
        // the runbook says between the two blocks), then the block as written.
        await rpc('evm_increaseTime', [172_801]);
        await rpc('evm_mine');
        const out = await runToEnd(block, env, safeDir);
        assert.match(out, /ParamChanged/);
        const fee = await feeBps();
        assert.equal(fee.value, '200', 'the fee is 2% now');
        assert.equal(fee.pending, null);
      },
      async 'safe-fund'(block) {
        const out = await runToEnd(block, env, safeDir);
        // The Transaction Builder batch: wrap, the exact approve and fundRewards, for the Safe app.
        const batch = JSON.parse(
          fs.readFileSync(path.join(safeDir, 'fund.batch.json'), 'utf8'),
        ) as {
          chainId: string;
          meta: { createdFromSafeAddress: string; description: string };
          transactions: { to: string; value: string; data: string }[];
        };
        assert.equal(batch.chainId, '1');
        assert.equal(batch.meta.createdFromSafeAddress, env.SAFE);
        assert.equal(batch.transactions.length, 3, batch.meta.description);
        assert.match(batch.meta.description, /deposit.*approve.*fundRewards/);
        assert.match(out, /RewardsFunded/);
      },
      async reindex(block) {
        const proc = bash(block.code, env);
        try {
          await proc.waitFor(/chain 1: index deleted/);
          await proc.waitFor(/indexing chains 1, 56/);
        } finally {
          await kill(proc);
        }
      },
      async 'rpc-switch'(block) {
        // The runbook's API instance and indexer with a dead primary first in chain 1's list (a
        // port nothing listens on) in their RPC_URLS_FILE; the block, run once per process with
        // its METRICS_PORT, switches each to the working provider alone, without a restart.
        const dir = fs.mkdtempSync(path.join(repoDir, outDir, 'rpc-switch-'));
        const file = path.join(dir, 'env');
        const dead = `http://127.0.0.1:${await findFreePort()}/DEAD-KEY`;
        fs.writeFileSync(
          file,
          `RPC_URL_1=${dead},${env.RPC_URL_1}\nRPC_URL_56=${env.RPC_URL_56}\n`,
        );
        // The API on the env file's metrics port; the indexer beside it on one of its own.
        const ports = { api: Number(env.METRICS_PORT), indexer: await findFreePort() };
        const withFile = { ...env, RPC_URLS_FILE: file };
        const api = bash('INDEXER=off npm start -w server', {
          ...withFile,
          METRICS_PORT: String(ports.api),
        });
        const indexer = bash('npm run indexer -w server', {
          ...withFile,
          METRICS_PORT: String(ports.indexer),
        });
        try {
          await api.waitFor(/"msg":"server listening on http/);
          // The dead primary is skipped at once: the indexer runs on the second provider.
          await indexer.waitFor(/rpc chain 1: 127\.0\.0\.1:\d+ answers now/);
          for (const [name, port] of Object.entries(ports)) {
            const out = await runToEnd(block, {
              ...withFile,
              METRICS_PORT: String(port),
              NEW_RPC_URL_1: env.RPC_URL_1!,
            });
            if (name === 'indexer')
              assert.match(out, /^rpc_provider_in_use\{chain="1",.*position="1"\} 1$/m);
            assert.match(out, /\{"ok":true,"switched":\[1\]\}/, `${name}: ${out}`);
          }
          for (const p of [api, indexer]) {
            await p.waitFor(/rpc chain 1: providers switched/);
            assert.doesNotMatch(p.output(), /DEAD-KEY/, 'a provider key in the logs');
          }
          assert.match(
            fs.readFileSync(file, 'utf8'),
            new RegExp(`^RPC_URL_1=${env.RPC_URL_1}$`, 'm'),
          );
        } finally {
          for (const p of [api, indexer]) await kill(p, 'SIGKILL');
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
    };

    for (const block of blocks.filter((b) => b.mark.kind === 'run')) {
      const id = (block.mark as { id: string }).id;
      // §4's TLS certificate blocks need an ACME server, not the rehearsal chains.
      if (id.startsWith('tls-')) continue;
      it(`line ${block.line} (${block.heading}): ${id}`, async () => {
        const runner = runners[id];
        assert.ok(runner, `no runner for the block marked 'run ${id}'`);
        await runner(block);
      });
    }
  },
);
