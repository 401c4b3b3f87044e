/**
 * A throwaway anvil node on a free port for tests. (Spawned directly so this test does not depend on
 * the contracts workspace's deploy scripts.) Runs in its own process group, which `stop` ends.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../config.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function startTestAnvil(chainId: number) {
  const port = await freePort();
  const bin = path.join(repoRoot, 'node_modules', '.bin', 'anvil');
  const child = spawn(bin, ['--port', String(port), '--chain-id', String(chainId), '--silent'], {
    stdio: 'ignore',
    detached: true,
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      stopGroup(child.pid);
      throw new Error(`anvil did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    rpcUrl,
    port,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      stopGroup(child.pid);
      await exited;
    },
  };
}

function stopGroup(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
