/**
 * A new deployment (another Staking contract, a later start block) is indexed after the operator's
 * `index:reset`: the timelock notices of the old contract describe changes of a contract users no
 * longer use, and must not stay on the notice board forever. The notices that remain (an operator
 * notice here) keep their read marks.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createWalletClient, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { localDeployerKey } from '@app/contracts/accounts';
import { networkByChainId } from '@app/contracts/chains';
import { stakingAbi, type ChainDeployment } from '@app/contracts/generated';
import { databaseFor, engines, getJson, postForm, signIn, tempDir } from '../testing/harness.ts';
import { startTestChain, type TestChain } from '../testing/chain.ts';
import { startServer, type RunningServer } from '../start.ts';
import { resetIndex } from './store.ts';

interface NoticeItem {
  id: number;
  kind: 'operator' | 'timelock';
  read: boolean | null;
}

/** The notice board as the signed-in user sees it. */
async function board(server: RunningServer, token: string): Promise<NoticeItem[]> {
  const res = await getJson<{ items: NoticeItem[] }>(server.url, '/v1/notice/list?limit=50', {
    Token: token,
  });
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  return res.body.data.items.map(({ id, kind, read }) => ({ id, kind, read }));
}

/**
 * A second Staking contract with the first one's constructor arguments (its creation transaction
 * sent again by the deployer): the "new contract version" of OPERATIONS.md §8 on the same chain.
 */
async function deployStakingAgain(chain: TestChain): Promise<ChainDeployment> {
  const first = chain.deployment;
  const block = await chain.client.getBlock({
    blockNumber: BigInt(first.startBlock),
    includeTransactions: true,
  });
  let creation: Hex | undefined;
  for (const tx of block.transactions) {
    if (tx.to !== null) continue;
    const receipt = await chain.client.getTransactionReceipt({ hash: tx.hash });
    if (receipt.contractAddress?.toLowerCase() === first.staking.toLowerCase()) creation = tx.input;
  }
  assert.ok(creation, 'the creation transaction of the first Staking');
  const wallet = createWalletClient({
    account: privateKeyToAccount(localDeployerKey),
    chain: chain.chain,
    transport: http(chain.rpcUrl),
  });
  const hash = await wallet.sendTransaction({ data: creation });
  const receipt = await chain.client.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success');
  return {
    ...first,
    staking: receipt.contractAddress! as Address,
    startBlock: Number(receipt.blockNumber),
  };
}

for (const engine of engines()) {
  describe(`a new deployment drops the old contract's timelock notices (${engine})`, () => {
    let chain: TestChain;
    let fileDir: string;
    before(async () => {
      chain = await startTestChain(1);
      fileDir = await tempDir('new-deployment-');
    });
    after(async () => {
      await chain?.stop();
      if (fileDir) fs.rmSync(fileDir, { recursive: true, force: true });
    });

    it('after index:reset and the new contract indexed, only its notices and the operator’s remain, read marks kept', async () => {
      const { db, cleanup } = await databaseFor(engine);
      const common = { port: 0, rpcUrls: { 1: chain.rpcUrl }, indexerPollMs: 50, ...db };
      const reader = privateKeyToAccount(generatePrivateKey());
      try {
        // The first contract queues a fee change: a timelock notice, which the user reads, as well
        // as an operator notice.
        await chain.operator.staking('queueParam', [0, 100n]);
        const old = await startServer({ ...common, deployment: 'local' });
        let token: string;
        let oldNotice: number;
        let operatorNotice: number;
        try {
          await old.indexers.byChain.get(1)!.waitForBlock(await chain.head(), 60_000);
          const inserted = await old.db.query<{ id: number }>(
            `INSERT INTO notices (kind, texts, created_at, published_at)
             VALUES ('operator', '{"en":{"title":"Maintenance","body":"Tonight."}}', now(), now())
             RETURNING id`,
          );
          operatorNotice = Number(inserted.rows[0]!.id);
          token = (await signIn(old.url, reader)).Token;
          const before = await board(old, token);
          const timelock = before.filter((n) => n.kind === 'timelock');
          assert.equal(timelock.length, 1, JSON.stringify(before));
          oldNotice = timelock[0]!.id;
          for (const id of [oldNotice, operatorNotice]) {
            const read = await postForm(
              old.url,
              '/v1/notice/read',
              { id: String(id) },
              { Token: token },
            );
            assert.equal(read.body.code, 0, JSON.stringify(read.body));
          }
          // The operator's steps for a new version (OPERATIONS.md §8): stop the indexer, then
          // index:reset, then start on the new deployment file.
          await old.indexers.stop();
          await resetIndex(old.db, 1);
        } finally {
          await old.close();
        }

        // The new version: another Staking contract, which queues its own change.
        const next = await deployStakingAgain(chain);
        await chain.operator.write(next.staking, stakingAbi, 'queueParam', [0, 200n]);
        await chain.mine(networkByChainId(1)!.confirmations.production + 1);
        const file = path.join(fileDir, 'production.json');
        fs.writeFileSync(file, JSON.stringify({ 1: next }));
        const renewed = await startServer({
          ...common,
          deployment: 'production',
          deploymentFile: file,
        });
        try {
          const confirmed =
            (await chain.head()) - BigInt(networkByChainId(1)!.confirmations.production);
          await renewed.indexers.byChain.get(1)!.waitForBlock(confirmed, 60_000);
          const after = await board(renewed, token);
          const timelock = after.filter((n) => n.kind === 'timelock');
          assert.equal(
            timelock.length,
            1,
            `only the new contract's notice: ${JSON.stringify(after)}`,
          );
          assert.notEqual(timelock[0]!.id, oldNotice, "the old contract's notice is gone");
          assert.equal(timelock[0]!.read, false, 'the new notice is unread');
          assert.deepEqual(
            after.find((n) => n.id === operatorNotice),
            { id: operatorNotice, kind: 'operator', read: true },
            'the operator notice stays, read',
          );
          const marks = await renewed.db.query<{ notice_id: number }>(
            'SELECT notice_id FROM notice_reads ORDER BY notice_id',
          );
          assert.deepEqual(
            marks.rows.map((r) => Number(r.notice_id)),
            [operatorNotice],
            "the old notice's read mark went with it",
          );
        } finally {
          await renewed.close();
        }
      } finally {
        await cleanup();
      }
    });
  });
}
