import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import { networks, toViemChain } from '@app/contracts/chains';
import { deployments } from '@app/contracts/generated';
import { execTransactionArgs, safeAbi, safeTxFor } from '@app/contracts/safe';
import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  parseAbi,
  keccak256,
  parseEther,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { findFreePort, startAnvil, type LocalChain } from '@app/contracts/local';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { attackTarget, deployAttackCode, returnsZeros } from '../testing/rpc-attack.ts';
import { startTestProvider, type TestProvider } from '../testing/rpc-provider.ts';
import { MAX_BATCH, MAX_OVERRIDE_SLOTS } from './allowlist.ts';
import { RpcErrorCode } from './rpc-proxy.ts';

const BSC = networks.BSC;
/** This deployment's contracts on BSC (the local addresses: no code on a bare anvil, still ours). */
const ours = deployments.local[BSC.chainId]!;
const [funded, receiver] = localAccounts as unknown as [
  (typeof localAccounts)[number],
  (typeof localAccounts)[number],
];

interface RpcReply {
  jsonrpc: string;
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

describe('JSON-RPC proxy /rpc/:chainId', () => {
  let anvil: LocalChain;
  let server: TestServer;
  /** One reply or a batch of them; each test knows which it sent. */
  type RpcBody = RpcReply & RpcReply[];
  let rpc: (
    body: unknown,
    chainId?: number | string,
    type?: string,
  ) => Promise<{ status: number; json: RpcBody }>;

  before(async () => {
    anvil = await startAnvil({ chainId: BSC.chainId });
    // Chain 1 points at a port where nothing listens: an upstream failure.
    const dead = `http://127.0.0.1:${await findFreePort()}`;
    server = await startTestServer('pglite', {
      rpcUrls: { [BSC.chainId]: anvil.rpcUrl, [networks.ETH.chainId]: dead },
      rpcTimeoutMs: 5000,
    });
    rpc = async (body, chainId = BSC.chainId, type = 'application/json') => {
      const res = await fetch(`${server.url}/rpc/${chainId}`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as RpcBody };
    };
  });
  after(async () => {
    await server?.stop();
    await anvil?.stop();
  });

  /** A transaction signed by `funded` (its next nonce), on BSC unless `chainId`. */
  const signed = async (
    tx: { to?: Address; data?: Hex; value?: bigint },
    chainId: number = BSC.chainId,
  ): Promise<Hex> => {
    const direct = createPublicClient({ transport: http(anvil.rpcUrl) });
    const nonce = await direct.getTransactionCount({
      address: funded.address,
      blockTag: 'pending',
    });
    return funded.signTransaction({
      chainId,
      to: tx.to ?? null,
      data: tx.data,
      value: tx.value ?? 0n,
      nonce,
      gas: 200_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 1n,
      type: 'eip1559',
    });
  };
  const keccakOf = (raw: Hex) => keccak256(raw);

  const call = (method: string, params: unknown[] = [], id: unknown = 1) => ({
    jsonrpc: '2.0',
    id,
    method,
    params,
  });

  it('forwards allowed reads and keeps the caller’s id', async () => {
    const res = await rpc(call('eth_chainId', [], 'abc'));
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { jsonrpc: '2.0', id: 'abc', result: '0x38' });
    const balance = await rpc(call('eth_getBalance', [funded.address, 'latest'], 7));
    assert.equal(BigInt(balance.json.result as string) > 0n, true);
  });

  it('works as a viem transport, including eth_sendRawTransaction into our contracts', async () => {
    const client = createPublicClient({
      chain: toViemChain(BSC, `${server.url}/rpc/${BSC.chainId}`),
      transport: http(`${server.url}/rpc/${BSC.chainId}`),
    });
    assert.equal(await client.getChainId(), BSC.chainId);
    const raw = await signed({ to: ours.staking, data: '0x' });
    const hash = await client.sendRawTransaction({ serializedTransaction: raw });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    assert.equal(receipt.status, 'success');
    assert.equal(receipt.to?.toLowerCase(), ours.staking.toLowerCase());
  });

  it('relays no other transaction: a plain transfer gets -32003 and is never sent', async () => {
    const before = (await rpc(call('eth_getBalance', [receiver.address, 'latest']))).json.result;
    const raw = await signed({ to: receiver.address, value: parseEther('1') });
    const res = await rpc(call('eth_sendRawTransaction', [raw], 9));
    assert.equal(res.status, 200);
    assert.equal(res.json.id, 9);
    assert.equal(res.json.error?.code, RpcErrorCode.sendRefused);
    assert.match(res.json.error!.message, /only transactions to this app's contracts/);
    const direct = createPublicClient({ transport: http(anvil.rpcUrl) });
    assert.equal(
      await direct.request({ method: 'eth_getTransactionByHash', params: [keccakOf(raw)] }),
      null,
    );
    assert.equal(
      (await rpc(call('eth_getBalance', [receiver.address, 'latest']))).json.result,
      before,
    );
    // A creation, another chain's transaction and something not a transaction: refused too.
    for (const bad of [
      await signed({ data: '0x6000' }),
      await signed({ to: ours.staking }, 1),
      '0x1234',
    ]) {
      const r = await rpc(call('eth_sendRawTransaction', [bad]));
      assert.equal(r.json.error?.code, RpcErrorCode.sendRefused, bad.slice(0, 12));
    }
  });

  it('relays a Safe transaction or a delegated account’s batch only when every call is into ours', async () => {
    const safe = '0x0000000000000000000000000000000000005afe' as Address;
    const execData = (calls: { to: Address }[]) =>
      encodeFunctionData({
        abi: safeAbi,
        functionName: 'execTransaction',
        args: execTransactionArgs(
          safeTxFor(
            calls.map((c) => ({ to: c.to, value: 0n, data: '0x' as Hex })),
            0n,
          ),
          '0x',
        ),
      });
    const batchAbi = parseAbi([
      'function execute((address to, uint256 value, bytes data)[] calls) payable',
      'function execute(bytes32 mode, bytes executionData) payable',
    ]);
    const batchCalls = (targets: Address[]) =>
      targets.map((to) => ({ to, value: 0n, data: '0x' as Hex }));
    const selfBatch = (targets: Address[]) =>
      encodeFunctionData({ abi: batchAbi, functionName: 'execute', args: [batchCalls(targets)] });
    const erc7821 = (targets: Address[]) =>
      encodeFunctionData({
        abi: batchAbi,
        functionName: 'execute',
        args: [
          `0x01${'00'.repeat(31)}`,
          encodeAbiParameters(
            [
              {
                type: 'tuple[]',
                components: [
                  { name: 'to', type: 'address' },
                  { name: 'value', type: 'uint256' },
                  { name: 'data', type: 'bytes' },
                ],
              },
            ],
            [batchCalls(targets)],
          ),
        ],
      });
    const send = async (to: Address, data: Hex) =>
      (await rpc(call('eth_sendRawTransaction', [await signed({ to, data })]))).json;

    const relayed = [
      await send(safe, execData([{ to: ours.staking }])),
      await send(safe, execData([{ to: ours.usdc }, { to: ours.staking }])),
      await send(funded.address, selfBatch([ours.usdc, ours.staking])),
      await send(funded.address, erc7821([ours.router, ours.pair])),
    ];
    for (const r of relayed) assert.match(String(r.result), /^0x[0-9a-f]{64}$/, JSON.stringify(r));
    const refused = [
      await send(safe, execData([{ to: receiver.address }])),
      await send(safe, execData([{ to: ours.usdc }, { to: receiver.address }])),
      await send(funded.address, selfBatch([ours.staking, receiver.address])),
      // A batch sent to someone else's account is not the sender's own batch.
      await send(receiver.address, selfBatch([ours.staking])),
    ];
    for (const r of refused)
      assert.equal(r.error?.code, RpcErrorCode.sendRefused, JSON.stringify(r));
  });

  it('refuses state and block overrides on eth_call and eth_estimateGas', async () => {
    const code = returnsZeros(32);
    for (const method of ['eth_call', 'eth_estimateGas']) {
      const plain = await rpc(call(method, [{ to: ours.staking, data: '0x' }, 'latest']));
      assert.equal(plain.json.error, undefined, method);
      const overridden = await rpc(
        call(method, [{ to: ours.staking, data: '0x' }, 'latest', { [ours.staking]: { code } }]),
      );
      assert.equal(overridden.json.error?.code, RpcErrorCode.invalidParams, method);
      assert.match(
        overridden.json.error!.message,
        method === 'eth_call' ? /overrides are not accepted/ : /only set storage slots/,
      );
      const blockOverride = await rpc(
        call(method, [{ to: ours.staking }, 'latest', {}, { number: '0x1' }]),
      );
      assert.equal(blockOverride.json.error?.code, RpcErrorCode.invalidParams, method);
    }
  });

  it('eth_estimateGas may set storage slots of our contracts (a fee before the approval), nothing else', async () => {
    const slot = (i: number) => toHex(i, { size: 32 });
    const diff = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [slot(i), slot(1)]));
    const estimate = (override: unknown) =>
      rpc(call('eth_estimateGas', [{ to: ours.usdc, data: '0x' }, 'latest', override]));
    const accepted = await estimate({ [ours.usdc]: { stateDiff: diff(MAX_OVERRIDE_SLOTS) } });
    assert.equal(accepted.json.error, undefined, JSON.stringify(accepted.json));
    assert.match(String(accepted.json.result), /^0x[0-9a-f]+$/);
    for (const override of [
      { [receiver.address]: { stateDiff: diff(1) } },
      { [ours.usdc]: { stateDiff: diff(MAX_OVERRIDE_SLOTS + 1) } },
      { [ours.usdc]: { stateDiff: diff(1), balance: '0x1' } },
      { [ours.usdc]: { state: diff(1) } },
      { [ours.usdc]: { stateDiff: { '0x1': slot(1) } } },
      { [ours.usdc]: { stateDiff: { [slot(0)]: 1 } } },
      [{ address: ours.usdc, stateDiff: diff(1) }],
      null,
    ]) {
      const refused = await estimate(override);
      assert.equal(refused.json.error?.code, RpcErrorCode.invalidParams, JSON.stringify(override));
    }
    const onCall = await rpc(
      call('eth_call', [
        { to: ours.usdc, data: '0x' },
        'latest',
        { [ours.usdc]: { stateDiff: diff(1) } },
      ]),
    );
    assert.equal(onCall.json.error?.code, RpcErrorCode.invalidParams);
  });

  it('eth_getLogs: only our contracts, over a block hash or at most RPC_LOGS_MAX_BLOCKS blocks', async () => {
    const logs = (filter: Record<string, unknown>) => rpc(call('eth_getLogs', [filter]));
    const ok = await logs({ address: ours.staking, fromBlock: '0x0', toBlock: toHex(4999) });
    assert.deepEqual(ok.json.result, []);
    const both = await logs({ address: [ours.usdc, ours.pair], fromBlock: '0x1', toBlock: '0x1' });
    assert.deepEqual(both.json.result, []);
    const head = (await rpc(call('eth_getBlockByNumber', ['latest', false]))).json.result as {
      hash: string;
    };
    assert.deepEqual((await logs({ address: ours.staking, blockHash: head.hash })).json.result, []);
    for (const filter of [
      { fromBlock: '0x0', toBlock: '0x1' },
      { address: receiver.address, fromBlock: '0x0', toBlock: '0x1' },
      { address: [ours.staking, receiver.address], fromBlock: '0x0', toBlock: '0x1' },
      { address: ours.staking, fromBlock: '0x0', toBlock: toHex(5000) },
      { address: ours.staking, fromBlock: '0x0', toBlock: 'latest' },
      { address: ours.staking },
      { address: ours.staking, fromBlock: '0x5', toBlock: '0x4' },
    ]) {
      const res = await logs(filter);
      assert.equal(res.json.error?.code, RpcErrorCode.invalidParams, JSON.stringify(filter));
    }
  });

  it('reads an answer only up to the cap: each call of the batch gets -32004, the next call works', async () => {
    // A contract returning 600 KB (1.2 MB of hex, over the 1 MB cap), and one returning 100 KB.
    await deployAttackCode(anvil.rpcUrl, 600 * 1024);
    const small: Address = '0x0000000000000000000000000000000000005a11';
    const setCode = createPublicClient({ transport: http(anvil.rpcUrl) });
    await setCode.request({
      method: 'anvil_setCode' as never,
      params: [small, returnsZeros(100 * 1024)] as never,
    });
    const big = call('eth_call', [{ to: attackTarget, data: '0x' }, 'latest'], 'big');
    const one = await rpc(big);
    assert.equal(one.status, 200);
    assert.equal(one.json.error?.code, RpcErrorCode.tooLarge);
    assert.equal(one.json.id, 'big');
    const batch = await rpc([big, call('eth_chainId', [], 2)]);
    assert.deepEqual(
      (batch.json as RpcReply[]).map((r) => r.error?.code),
      [RpcErrorCode.tooLarge, RpcErrorCode.tooLarge],
    );
    // Under the cap it answers; the provider was not taken out for it.
    const fine = await rpc(call('eth_call', [{ to: small, data: '0x' }, 'latest']));
    assert.equal((fine.json.result as string).length, 2 + 200 * 1024);
  });

  it('refuses methods outside the allowlist with -32601, without forwarding them', async () => {
    const before = (await rpc(call('eth_getBalance', [receiver.address, 'latest']))).json.result;
    for (const method of [
      'anvil_setBalance',
      'eth_sendTransaction',
      'eth_accounts',
      'debug_traceCall',
      'personal_sign',
    ]) {
      const res = await rpc(call(method, [receiver.address, '0x1']));
      assert.equal(res.status, 200);
      assert.equal(res.json.error?.code, RpcErrorCode.methodNotFound, method);
      assert.equal(res.json.id, 1);
    }
    const afterBalance = (await rpc(call('eth_getBalance', [receiver.address, 'latest']))).json
      .result;
    assert.equal(afterBalance, before);
  });

  it('answers batches in order, mixing results and errors, up to the batch limit', async () => {
    const res = await rpc([
      call('eth_chainId', [], 1),
      call('anvil_mine', [], 2),
      call('net_version', [], 1),
      { jsonrpc: '2.0', id: 4 },
      call('eth_blockNumber', [], 5),
    ]);
    assert.equal(res.status, 200);
    const replies = res.json as RpcReply[];
    assert.deepEqual(
      replies.map((r) => r.id),
      [1, 2, 1, 4, 5],
    );
    assert.equal(replies[0]!.result, '0x38');
    assert.equal(replies[1]!.error?.code, RpcErrorCode.methodNotFound);
    assert.equal(replies[2]!.result, String(BSC.chainId));
    assert.equal(replies[3]!.error?.code, RpcErrorCode.invalidRequest);
    assert.match(String(replies[4]!.result), /^0x/);

    const full = await rpc(Array.from({ length: MAX_BATCH }, (_, i) => call('eth_chainId', [], i)));
    assert.equal(full.status, 200);
    assert.equal((full.json as RpcReply[]).length, MAX_BATCH);
    const tooBig = await rpc(
      Array.from({ length: MAX_BATCH + 1 }, (_, i) => call('eth_chainId', [], i)),
    );
    assert.equal(tooBig.status, 400);
    assert.equal(tooBig.json.error?.code, RpcErrorCode.invalidRequest);
    assert.equal((await rpc([])).status, 400);
  });

  it('answers an unknown or unconfigured chain with a 404 JSON-RPC error', async () => {
    for (const chain of [137, 'abc', 0]) {
      const res = await rpc(call('eth_chainId'), chain);
      assert.equal(res.status, 404, String(chain));
      assert.equal(res.json.jsonrpc, '2.0');
      assert.equal(res.json.error?.code, RpcErrorCode.unknownChain);
    }
    const other = await startTestServer('pglite', { rpcUrls: {} });
    try {
      const res = await fetch(`${other.url}/rpc/${BSC.chainId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(call('eth_chainId')),
      });
      assert.equal(res.status, 404);
    } finally {
      await other.stop();
    }
  });

  it('answers an unreachable upstream with 502', async () => {
    const res = await rpc(call('eth_chainId'), networks.ETH.chainId);
    assert.equal(res.status, 502);
    assert.equal(res.json.error?.code, RpcErrorCode.upstream);
  });

  it('answers bad JSON, wrong content type and oversized bodies with JSON-RPC errors', async () => {
    const parse = await rpc('{not json');
    assert.equal(parse.status, 400);
    assert.equal(parse.json.error?.code, RpcErrorCode.parse);
    const form = await rpc('a=b', BSC.chainId, 'application/x-www-form-urlencoded');
    assert.equal(form.status, 415);
    assert.equal(form.json.error?.code, RpcErrorCode.invalidRequest);
    // 100 KB is over the API's 16 KB limit but within the proxy's 256 KB.
    const data = '0x' + '00'.repeat(50 * 1024);
    const big = await rpc(call('eth_call', [{ to: receiver.address, data }, 'latest']));
    assert.equal(big.status, 200);
    assert.equal(big.json.result, '0x');
    const huge = await rpc(
      call('eth_call', [{ to: receiver.address, data: data.repeat(3) }, 'latest']),
    );
    assert.equal(huge.status, 413);
    assert.equal(huge.json.error?.code, RpcErrorCode.invalidRequest);
  });
});

describe('/rpc limits: calls counted per client and /56; its failures its own', () => {
  let anvil: LocalChain;
  before(async () => {
    anvil = await startAnvil({ chainId: BSC.chainId });
  });
  after(async () => {
    await anvil?.stop();
  });

  const batchOf = (n: number) =>
    Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' }));
  const post = async (url: string, body: unknown, ip?: string) => {
    const res = await fetch(`${url}/rpc/${BSC.chainId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as RpcReply & RpcReply[] };
  };

  it('a batch of 50 counts 50; a /64 has its budget and its /56 a coarser one', async () => {
    const server = await startTestServer('pglite', {
      rpcUrls: { [BSC.chainId]: anvil.rpcUrl },
      trustProxy: true,
      rpcRateLimit: { max: 60, timeWindowMs: 60_000 },
      rpcRateLimitWide: 150,
      indexer: false,
    });
    try {
      const v4 = '198.51.100.30';
      assert.equal((await post(server.url, batchOf(50), v4)).status, 200);
      // 50 + 11 > 60: the second batch is refused as a whole.
      const over = await post(server.url, batchOf(11), v4);
      assert.equal(over.status, 429);
      assert.equal(over.json.error?.code, RpcErrorCode.rateLimited);
      assert.equal((await post(server.url, batchOf(1), '198.51.100.31')).status, 200);

      // Three /64s of one /56: 50 each fit their /64 but the third passes the /56's 150...
      for (const net of ['2001:db8:7:aa00', '2001:db8:7:aa01', '2001:db8:7:aaff']) {
        assert.equal((await post(server.url, batchOf(50), `${net}::1`)).status, 200, net);
      }
      const wide = await post(server.url, batchOf(1), '2001:db8:7:aa42::1');
      assert.equal(wide.status, 429);
      // ...while the next /56 has its own budget.
      assert.equal((await post(server.url, batchOf(50), '2001:db8:7:ab00::1')).status, 200);
    } finally {
      await server.stop();
    }
  });

  it('an answer without Content-Length is read as a stream and cut at the cap', async () => {
    const chunked: TestProvider = await startTestProvider(anvil.rpcUrl);
    chunked.mode = 'chunked';
    const server = await startTestServer('pglite', {
      rpcUrls: { [BSC.chainId]: chunked.url },
      indexer: false,
    });
    try {
      await deployAttackCode(anvil.rpcUrl, 600 * 1024);
      const big = {
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_call',
        params: [{ to: attackTarget }, 'latest'],
      };
      assert.equal((await post(server.url, big)).json.error?.code, RpcErrorCode.tooLarge);
      await deployAttackCode(anvil.rpcUrl, 100 * 1024);
      const fine = await post(server.url, big);
      assert.equal((fine.json.result as string).length, 2 + 200 * 1024);
    } finally {
      await server.stop();
      await chunked.close();
    }
  });

  it('a provider answering /rpc with 429 is skipped by /rpc only: the server’s own reads still ask it first', async () => {
    const busy: TestProvider = await startTestProvider(anvil.rpcUrl);
    const server = await startTestServer('pglite', {
      rpcUrls: { [BSC.chainId]: [busy.url, anvil.rpcUrl] },
      // No indexer: only /rpc and the test's own read use the providers.
      indexer: false,
    });
    try {
      busy.mode = 'busy';
      const res = await post(server.url, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' });
      assert.equal(res.json.result, '0x38');
      assert.deepEqual(server.rpc.order(BSC.chainId, 'proxy'), [anvil.rpcUrl, busy.url]);
      // The indexer's and the sign-in checks' order, and the chain's status, are untouched.
      assert.deepEqual(server.rpc.order(BSC.chainId), [busy.url, anvil.rpcUrl]);
      assert.deepEqual(
        server.rpc.status().find((s) => s.chainId === BSC.chainId)?.up ?? null,
        null,
      );
      busy.mode = 'pass';
      const client = server.rpc.client(BSC.chainId, { timeoutMs: 5000 })!;
      const asked = busy.calls;
      assert.equal(await client.getChainId(), BSC.chainId);
      assert.equal(busy.calls, asked + 1);
    } finally {
      await server.stop();
      await busy.close();
    }
  });
});
