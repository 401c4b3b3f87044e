import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import { networks, toViemChain } from '@app/contracts/chains';
import { createPublicClient, http, parseEther } from 'viem';
import { findFreePort, startAnvil, type LocalChain } from '@app/contracts/local';
import { startTestServer, type TestServer } from '../testing/harness.ts';
import { MAX_BATCH } from './allowlist.ts';
import { RpcErrorCode } from './rpc-proxy.ts';

const BSC = networks.BSC;
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

  it('works as a viem transport, including eth_sendRawTransaction', async () => {
    const client = createPublicClient({
      chain: toViemChain(BSC, `${server.url}/rpc/${BSC.chainId}`),
      transport: http(`${server.url}/rpc/${BSC.chainId}`),
    });
    assert.equal(await client.getChainId(), BSC.chainId);
    const before = await client.getBalance({ address: receiver.address });
    const nonce = await client.getTransactionCount({ address: funded.address });
    const fees = await client.estimateFeesPerGas();
    const raw = await funded.signTransaction({
      chainId: BSC.chainId,
      to: receiver.address,
      value: parseEther('1'),
      nonce,
      gas: 21_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      type: 'eip1559',
    });
    const hash = await client.sendRawTransaction({ serializedTransaction: raw });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    assert.equal(receipt.status, 'success');
    assert.equal(await client.getBalance({ address: receiver.address }), before + parseEther('1'));
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
