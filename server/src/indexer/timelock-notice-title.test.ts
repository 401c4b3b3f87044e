/**
 * Issue 24 §3: a timelock notice stored by the release before d646763 keeps that release's title
 * in the database ('Scheduled change: Exchange fee', no network) until its chain is re-indexed.
 * The list and the details answer today's title ('BSC: Exchange fee change scheduled') for it, in
 * all ten languages, from the event it announces; its stored body, and an operator's notice, as
 * stored.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { timelockParams } from '@app/contracts/enums';
import { insertNotice, type NoticeTexts } from '../db/queries/notices.ts';
import { languages, type Lang } from '../i18n/index.ts';
import { engines, getJson, okData, startTestServer, type TestServer } from '../testing/harness.ts';
import { startTestChain, type TestChain } from '../testing/chain.ts';

interface Notice {
  id: number;
  lang: string;
  title: string;
  body: string;
}

/**
 * The titles the release before wrote for a queued and a cancelled change of the exchange fee
 * (its timelock-notice.ts, run for feeBps): literally what such a row holds.
 */
const previousTitles: Record<Lang, { queued: string; cancelled: string }> = {
  en: { queued: 'Scheduled change: Exchange fee', cancelled: 'Change cancelled: Exchange fee' },
  'zh-TW': { queued: '預定變更：兌換手續費', cancelled: '變更已取消：兌換手續費' },
  ja: { queued: '変更予定：交換手数料', cancelled: '変更の取り消し：交換手数料' },
  ru: {
    queued: 'Запланировано изменение: Комиссия за обмен',
    cancelled: 'Изменение отменено: Комиссия за обмен',
  },
  ko: { queued: '변경 예정: 교환 수수료', cancelled: '변경 취소: 교환 수수료' },
  es: {
    queued: 'Cambio programado: Comisión de cambio',
    cancelled: 'Cambio cancelado: Comisión de cambio',
  },
  vi: { queued: 'Thay đổi đã lên lịch: Phí đổi', cancelled: 'Đã hủy thay đổi: Phí đổi' },
  ar: { queued: 'تغيير مجدول: رسوم التحويل', cancelled: 'تم إلغاء التغيير: رسوم التحويل' },
  fr: {
    queued: 'Changement programmé : Frais d’échange',
    cancelled: 'Changement annulé : Frais d’échange',
  },
  th: {
    queued: 'การเปลี่ยนแปลงที่กำหนดไว้: ค่าธรรมเนียมการแลกเปลี่ยน',
    cancelled: 'ยกเลิกการเปลี่ยนแปลง: ค่าธรรมเนียมการแลกเปลี่ยน',
  },
};

for (const engine of engines()) {
  describe(
    `timelock notices stored by the previous release (${engine})`,
    { timeout: 240_000 },
    () => {
      let chain: TestChain;
      let server: TestServer;

      before(async () => {
        chain = await startTestChain(56);
        server = await startTestServer(engine, {
          rpcUrls: { [chain.chainId]: chain.rpcUrl },
          indexerPollMs: 100,
        });
      });
      after(async () => {
        await server?.stop();
        await chain?.stop();
      });

      it('list and details answer the current title of a notice stored with the old one', async () => {
        const feeBps = timelockParams.indexOf('feeBps');
        await chain.operator.staking('queueParam', [feeBps, 100n]);
        await chain.operator.staking('cancelParam', [feeBps]);
        await server.indexers.byChain.get(chain.chainId)!.waitForBlock(await chain.head());
        // An operator's notice that happens to read like an old chain notice stays as written.
        const operator = await insertNotice(server.db, {
          kind: 'operator',
          texts: { en: { title: previousTitles.en.queued, body: 'By hand.' } },
          created_at: new Date(0),
          published_at: new Date(0),
          created_by: null,
        });

        // What this release writes, then the same rows as the previous release left them: the
        // indexer of both writes the same columns and bodies, only the titles differ.
        const written = (
          await server.db.query<{ id: number; texts: NoticeTexts }>(
            `SELECT id, texts FROM notices WHERE kind = 'timelock' AND chain_id = $1
           ORDER BY block_number, log_index`,
            [chain.chainId],
          )
        ).rows;
        assert.equal(written.length, 2, 'a notice of the queued change and one of its cancelling');
        const [queued, cancelled] = written as [(typeof written)[0], (typeof written)[0]];
        for (const [row, event] of [
          [queued, 'queued'],
          [cancelled, 'cancelled'],
        ] as const) {
          const texts = Object.fromEntries(
            languages.map((lang) => [
              lang,
              { title: previousTitles[lang][event], body: row.texts[lang]!.body },
            ]),
          );
          await server.db.query(`UPDATE notices SET texts = $2 WHERE id = $1`, [
            row.id,
            JSON.stringify(texts),
          ]);
        }
        const stored = await server.db.query<{ title: string }>(
          `SELECT texts -> 'en' ->> 'title' AS title FROM notices WHERE id = $1`,
          [queued.id],
        );
        assert.equal(stored.rows[0]!.title, 'Scheduled change: Exchange fee');

        for (const lang of languages) {
          const items = okData(
            await getJson<{ items: Notice[] }>(server.url, '/v1/notice/list', { Lang: lang }),
          ).items;
          for (const row of [queued, cancelled]) {
            const expected = { lang, title: row.texts[lang]!.title, body: row.texts[lang]!.body };
            const listed = items.find((n) => n.id === row.id);
            assert.deepEqual(
              listed && { lang: listed.lang, title: listed.title, body: listed.body },
              expected,
              `list, ${lang}`,
            );
            const details = okData(
              await getJson<Notice>(server.url, `/v1/notice/details?id=${row.id}`, { Lang: lang }),
            );
            assert.deepEqual(
              { lang: details.lang, title: details.title, body: details.body },
              expected,
              `details, ${lang}`,
            );
          }
          assert.equal(
            items.find((n) => n.id === operator.id)?.title,
            previousTitles.en.queued,
            `operator notice, ${lang}`,
          );
        }
        // The wording those titles come from, spelled out once (newest first).
        const titles = async (lang: Lang) =>
          okData(
            await getJson<{ items: Notice[] }>(server.url, '/v1/notice/list', { Lang: lang }),
          ).items.map((n) => n.title);
        assert.deepEqual(await titles('en'), [
          'BSC: Exchange fee change cancelled',
          'BSC: Exchange fee change scheduled',
          previousTitles.en.queued,
        ]);
        assert.deepEqual(await titles('ar'), [
          'BSC: أُلغي تغيير رسوم التحويل',
          'BSC: تغيير مجدول في رسوم التحويل',
          previousTitles.en.queued,
        ]);
      });
    },
  );
}
