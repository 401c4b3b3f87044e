/**
 * Smart-contract accounts sign in (issue 18 §4), on real anvil chains (ETH 1 and BSC 56): a real
 * Safe v1.4.1 from Safe's npm artifacts at its canonical addresses (scripts/safe.ts) (1-of-1, and 2-of-3 with the owners' signatures combined as
 * Safe does for EIP-1271), and an account not deployed yet that signs with ERC-6492 through its
 * factory. A key's signature needs no RPC call; an RPC that fails is a translated 503, never a login.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { localDeployerKey } from '@app/contracts/accounts';
import { networks } from '@app/contracts/chains';
import { startAnvil, type LocalChain } from '@app/contracts/local';
import { safeAddresses } from '@app/contracts/safe';
import { createSafe, deploySafeContracts } from '@app/contracts/safe-deploy';
import {
  deployLocalSmartAccountFactory,
  localClients,
  localSmartAccountAddress,
  signAsLocalSmartAccount,
  signAsSafe,
  type LocalChainTarget,
} from '@app/contracts/smart-accounts';
import { createPublicClient, hashMessage, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  assertError,
  counts,
  engines,
  postForm,
  startTestServer,
  type CodeData,
  type LoginData,
  type TestServer,
} from '../testing/harness.ts';
import { catalogue } from '../i18n/messages.ts';

const ETH = networks.ETH.chainId;
const BSC = networks.BSC.chainId;
const newKey = () => privateKeyToAccount(generatePrivateKey());

/** A JSON-RPC forwarder that counts the requests it forwards (or answers 502 when `broken`). */
async function countingRpc(upstream: string | null) {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests += 1;
      if (!upstream) {
        res.writeHead(502).end('bad gateway');
        return;
      }
      void fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      }).then(async (r) => {
        res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Signer = (message: string) => Promise<Hex>;

/** getcode for `address` on `chain`, the account's signature of the message, then a login. */
async function signInAs(
  server: TestServer,
  address: Address,
  sign: Signer,
  opts: { chain?: number; register?: boolean; lang?: string } = {},
) {
  const chain = String(opts.chain ?? ETH);
  const code = await postForm<CodeData>(server.url, '/v1/user/getcode', { address, chain });
  assert.equal(code.body.code, 0, JSON.stringify(code.body));
  const signature = await sign(code.body.data.Message);
  const fields = { address, signature, code: code.body.data.Code };
  const headers: Record<string, string> = opts.lang ? { Lang: opts.lang } : {};
  return opts.register
    ? postForm<LoginData>(server.url, '/v1/index/register', { ...fields, chain }, headers)
    : postForm<LoginData>(server.url, '/v1/user/metamasklogin', fields, headers);
}

/** Asserts `fn` leaves users, sessions and used nonces as they were. */
async function unchanged(server: TestServer, fn: () => Promise<void>) {
  const before = await counts(server);
  await fn();
  assert.deepEqual(await counts(server), before);
}

describe('smart-contract accounts sign in', () => {
  let eth: LocalChain;
  let bsc: LocalChain;
  let ethRpc: Awaited<ReturnType<typeof countingRpc>>;
  const deployer = privateKeyToAccount(localDeployerKey);
  const soleOwner = newKey();
  const [ownerB, ownerC, ownerD] = [newKey(), newKey(), newKey()];
  const outsider = newKey();
  const accountOwner = newKey();
  let safe1: Address;
  let safe2of3: Address;
  let factory: Address;
  const salt = `0x${'00'.repeat(31)}07` as Hex;
  let counterfactual: Address;

  before(async () => {
    [eth, bsc] = await Promise.all([startAnvil({ chainId: ETH }), startAnvil({ chainId: BSC })]);
    const targets: LocalChainTarget[] = [eth, bsc].map((c) => ({
      rpcUrl: c.rpcUrl,
      chainId: c.chainId,
      deployer,
    }));
    const [onEth, onBsc] = targets as [LocalChainTarget, LocalChainTarget];
    // Safe's contracts at their canonical addresses on both chains; the same singleton, owners,
    // threshold and salt: the same Safe address on both.
    const [ethClients, bscClients] = [localClients(onEth), localClients(onBsc)];
    await deploySafeContracts(ethClients);
    await deploySafeContracts(bscClients);
    const sole = { owners: [soleOwner.address], threshold: 1, singleton: safeAddresses.safe };
    safe1 = await createSafe(ethClients, sole);
    assert.equal(await createSafe(bscClients, sole), safe1);
    safe2of3 = await createSafe(ethClients, {
      owners: [ownerB.address, ownerC.address, ownerD.address],
      threshold: 2,
    });
    factory = await deployLocalSmartAccountFactory(onEth);
    counterfactual = await localSmartAccountAddress(onEth, factory, accountOwner.address, salt);
    ethRpc = await countingRpc(eth.rpcUrl);
  });
  after(async () => {
    await ethRpc?.close();
    await Promise.all([eth?.stop(), bsc?.stop()]);
  });

  const asSafe =
    (safe: Address, signers: ReturnType<typeof newKey>[], chainId = ETH): Signer =>
    (message) =>
      signAsSafe({ safe, chainId, hash: hashMessage(message), signers });
  const asCounterfactual =
    (signer: ReturnType<typeof newKey>, chainId = ETH): Signer =>
    (message) =>
      signAsLocalSmartAccount({
        account: counterfactual,
        chainId,
        hash: hashMessage(message),
        signer,
        deployFrom: { factory, owner: accountOwner.address, salt },
      });

  for (const engine of engines()) {
    describe(`with the chains answering (${engine})`, () => {
      let server: TestServer;
      before(async () => {
        server = await startTestServer(engine, {
          rpcUrls: { [ETH]: ethRpc.url, [BSC]: bsc.rpcUrl },
          indexer: false,
        });
      });
      after(() => server.stop());

      it('a key (EOA) signs in without a single RPC call', async () => {
        const key = newKey();
        const before = ethRpc.requests();
        const res = await signInAs(server, key.address, (message) => key.signMessage({ message }));
        assert.equal(res.body.code, 0, JSON.stringify(res.body));
        assert.equal(res.body.data.Address, key.address);
        assert.equal(ethRpc.requests(), before, 'no RPC request for a key signature');
      });

      it("a 1-of-1 Safe signs in through ERC-1271 on the message's chain; a non-owner is refused", async () => {
        const before = ethRpc.requests();
        const res = await signInAs(server, safe1, asSafe(safe1, [soleOwner]));
        assert.equal(res.body.code, 0, JSON.stringify(res.body));
        assert.equal(res.body.data.Address, safe1);
        assert.equal(res.body.data.ChainId, ETH);
        assert.ok(ethRpc.requests() > before, "checked through the server's ETH RPC");
        await unchanged(server, async () => {
          assertError(await signInAs(server, safe1, asSafe(safe1, [outsider])), 401, 1002);
        });
      });

      it("a 2-of-3 Safe signs in with two owners' signatures combined; one owner, or an outsider with one, is refused", async () => {
        const res = await signInAs(server, safe2of3, asSafe(safe2of3, [ownerD, ownerB]));
        assert.equal(res.body.code, 0, JSON.stringify(res.body));
        assert.equal(res.body.data.Address, safe2of3);
        await unchanged(server, async () => {
          for (const signers of [[ownerC], [ownerB, outsider], [soleOwner, outsider]]) {
            assertError(await signInAs(server, safe2of3, asSafe(safe2of3, signers)), 401, 1002);
          }
        });
      });

      it("a Safe's signature made for the other chain is refused; made for BSC it signs in on BSC", async () => {
        await unchanged(server, async () => {
          // The ETH message, signed in the Safe's BSC domain (the Safe has the same address there).
          assertError(await signInAs(server, safe1, asSafe(safe1, [soleOwner], BSC)), 401, 1002);
        });
        const res = await signInAs(server, safe1, asSafe(safe1, [soleOwner], BSC), {
          chain: BSC,
          register: true,
        });
        assert.equal(res.body.code, 0, JSON.stringify(res.body));
        assert.equal(res.body.data.ChainId, BSC);
      });

      it('an account not deployed yet signs in with ERC-6492 and stays undeployed; a non-owner or another chain is refused', async () => {
        const client = createPublicClient({ transport: http(eth.rpcUrl) });
        assert.equal(await client.getCode({ address: counterfactual }), undefined);
        await unchanged(server, async () => {
          for (const sign of [asCounterfactual(outsider), asCounterfactual(accountOwner, BSC)]) {
            assertError(await signInAs(server, counterfactual, sign), 401, 1002);
          }
        });
        const res = await signInAs(server, counterfactual, asCounterfactual(accountOwner));
        assert.equal(res.body.code, 0, JSON.stringify(res.body));
        assert.equal(res.body.data.Address, counterfactual);
        assert.equal(
          await client.getCode({ address: counterfactual }),
          undefined,
          'nothing deployed',
        );
      });
    });
  }

  describe('with the RPC failing', () => {
    let server: TestServer;
    let broken: Awaited<ReturnType<typeof countingRpc>>;
    before(async () => {
      broken = await countingRpc(null);
      server = await startTestServer('pglite', { rpcUrls: { [ETH]: broken.url }, indexer: false });
    });
    after(async () => {
      await server.stop();
      await broken.close();
    });

    it('a contract account gets a translated 503 and is not signed in (1002 where no RPC is set); a key still signs in', async () => {
      await unchanged(server, async () => {
        for (const lang of ['en', 'fr'] as const) {
          const res = await signInAs(server, safe1, asSafe(safe1, [soleOwner]), { lang });
          assertError(res, 503, 503);
          assert.equal(res.body.msg, catalogue[lang].signatureCheckUnavailable);
        }
      });
      assert.ok(broken.requests() > 0, 'the check was tried');
      // BSC has no RPC URL on this server: only keys can be checked there, so a Safe is refused.
      await unchanged(server, async () => {
        const res = await signInAs(server, safe1, asSafe(safe1, [soleOwner], BSC), { chain: BSC });
        assertError(res, 401, 1002);
      });
      const key = newKey();
      const res = await signInAs(server, key.address, (message) => key.signMessage({ message }));
      assert.equal(res.body.code, 0, JSON.stringify(res.body));
    });
  });
});
