import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { createPublicClient } from 'viem';
import { addUserRpcUrl, removeUserRpcUrl, RpcCheckFailed, userRpcUrls } from './rpcSettings';
import { readSourceOf } from './readSource';
import { readTransport } from './readTransport';

/** A JSON-RPC node on a free port: `answer` gets each request's method and returns [status, body]. */
async function node(
  answer: (method: string) => [number, unknown],
): Promise<{ url: string; server: Server; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const { id, method } = JSON.parse(raw) as { id: number; method: string };
      calls.push(method);
      const [status, body] = answer(method);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { jsonrpc: '2.0', id, ...(body as object) } : body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, calls };
}

const servers: Server[] = [];
let down: Awaited<ReturnType<typeof node>>;
let reverting: Awaited<ReturnType<typeof node>>;
let users: Awaited<ReturnType<typeof node>>;
let otherChain: Awaited<ReturnType<typeof node>>;

before(async () => {
  down = await node(() => [502, 'Bad Gateway']);
  reverting = await node(() => [200, { error: { code: 3, message: 'execution reverted' } }]);
  users = await node((m) => [200, { result: m === 'eth_chainId' ? '0x1' : '0x2a' }]);
  otherChain = await node(() => [200, { result: '0x38' }]);
  servers.push(down.server, reverting.server, users.server, otherChain.server);
});
after(() => servers.forEach((s) => s.close()));

const client = (serverUrl: string, wallet?: { request: (a: { method: string }) => unknown }) =>
  createPublicClient({
    transport: readTransport(1, {
      serverUrl,
      walletOn: async () => wallet as never,
    }),
  });

test('a URL is saved only after it answered eth_chainId with the network id', async () => {
  await assert.rejects(addUserRpcUrl(1, 'ftp://node.example'), (e: RpcCheckFailed) => {
    return e.reason === 'invalid';
  });
  await assert.rejects(addUserRpcUrl(1, otherChain.url), (e: RpcCheckFailed) => {
    return e.reason === 'wrongChain' && e.answered === 56;
  });
  await assert.rejects(addUserRpcUrl(1, down.url), (e: RpcCheckFailed) => {
    return e.reason === 'unreachable';
  });
  assert.deepEqual(userRpcUrls(1), [], 'nothing saved by a failed check');
  await addUserRpcUrl(1, users.url);
  assert.deepEqual(userRpcUrls(1), [users.url]);
  await assert.rejects(addUserRpcUrl(1, users.url), (e: RpcCheckFailed) => {
    return e.reason === 'duplicate';
  });
  removeUserRpcUrl(1, users.url);
  assert.deepEqual(userRpcUrls(1), []);
});

test('our /rpc answering 502: the user’s RPC answers, then the wallet on that chain', async () => {
  const walletCalls: string[] = [];
  const wallet = {
    request: ({ method }: { method: string }) => {
      walletCalls.push(method);
      return '0x7';
    },
  };
  // No URL of the user's yet: the wallet answers.
  assert.equal(await client(down.url, wallet).getBlockNumber({ cacheTime: 0 }), 7n);
  assert.deepEqual(walletCalls, ['eth_blockNumber']);
  assert.deepEqual(readSourceOf(1), { kind: 'wallet' });
  // A saved URL is used from the next request on, before the wallet.
  await addUserRpcUrl(1, users.url);
  try {
    assert.equal(await client(down.url, wallet).getBlockNumber({ cacheTime: 0 }), 42n);
    assert.deepEqual(walletCalls, ['eth_blockNumber'], 'the wallet was not asked again');
    assert.deepEqual(readSourceOf(1), { kind: 'user', url: users.url });
    // Nothing answers: the read fails (no made-up value).
    removeUserRpcUrl(1, users.url);
    await assert.rejects(client(down.url).getBlockNumber({ cacheTime: 0 }));
  } finally {
    removeUserRpcUrl(1, users.url);
  }
});

test('a node that answers with a revert is believed: the next source is not asked', async () => {
  await addUserRpcUrl(1, users.url);
  try {
    const before = users.calls.length;
    await assert.rejects(
      client(reverting.url).call({ to: '0x0000000000000000000000000000000000000001' }),
      /revert/,
    );
    assert.equal(users.calls.length, before, 'the user’s RPC was not asked');
  } finally {
    removeUserRpcUrl(1, users.url);
  }
});
