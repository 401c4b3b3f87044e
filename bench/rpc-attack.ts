/**
 * bench/rpc-attack: issue 25 §1's attack on /rpc, with figures. Starts anvil (chain 56) and the
 * API as its own process (src/main.ts, no indexer, a fresh PGlite, TRUST_PROXY so each request can
 * come from its own client), then sends `--rounds` rounds of `--concurrency` batches of 50
 * eth_calls, each call making the node answer `--kb` KB, asking /v1/health one request after
 * another meanwhile. Prints, per kind of attack ('override': the bytes from code passed as a state
 * override, as the issue sent it; 'deployed': the same code deployed, no override), the API's
 * peak resident memory (VmHWM) before and after, /v1/health's latency idle and during, what the
 * attack's requests got, and the load average. Not part of `npm test` (the test with bounds is
 * server/src/chain/rpc-proxy-attack.test.ts).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { networks } from '@app/contracts/chains';
import { startAnvil } from '@app/contracts/local';
import {
  deployAttackCode,
  maxOf,
  median,
  percentile,
  runAttack,
  startApiProcess,
  type AttackKind,
} from '../server/src/testing/rpc-attack.ts';

const { values } = parseArgs({
  options: {
    kb: { type: 'string', default: '1024' },
    concurrency: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '4' },
    kinds: { type: 'string', default: 'override,deployed' },
  },
});
const MB = 1024 * 1024;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const anvil = await startAnvil({ chainId: networks.BSC.chainId });
try {
  await deployAttackCode(anvil.rpcUrl, Number(values.kb) * 1024);
  for (const kind of values.kinds.split(',') as AttackKind[]) {
    const api = await startApiProcess(anvil.rpcUrl, { TRUST_PROXY: '1' });
    try {
      console.log(`\n${kind}: load average before ${load()}`);
      const r = await runAttack(api, {
        kind,
        bytesPerCall: Number(values.kb) * 1024,
        concurrency: Number(values.concurrency),
        rounds: Number(values.rounds),
        clientIp: (i) => `198.51.${(i >> 8) & 255}.${(i & 255) + 1}`,
      });
      const answers = new Map<string, number>();
      for (const a of r.answers) answers.set(a, (answers.get(a) ?? 0) + 1);
      console.log(
        [
          `  requests: ${r.answers.length} batches of 50 calls × ${values.kb} KB (${[...answers].map(([a, n]) => `${n}× ${a}`).join(', ')}) in ${(r.attackMs / 1000).toFixed(1)} s`,
          `  API peak memory (VmHWM): ${(r.peakBefore / MB).toFixed(0)} MB idle → ${(r.peakAfter / MB).toFixed(0)} MB after`,
          `  /v1/health idle: median ${median(r.idle).toFixed(1)} ms, max ${maxOf(r.idle).toFixed(1)} ms`,
          `  /v1/health during: median ${median(r.during).toFixed(1)} ms, p99 ${percentile(r.during, 0.99).toFixed(1)} ms, max ${maxOf(r.during).toFixed(1)} ms (${r.during.length} requests)`,
          `  load average after: ${load()}`,
        ].join('\n'),
      );
    } finally {
      await api.stop();
    }
  }
} finally {
  await anvil.stop();
}
