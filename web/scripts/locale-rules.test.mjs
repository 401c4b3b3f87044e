import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkLocales, englishWords } from './locale-rules.mjs';

const en = {
  wallet: { connect: 'Connect wallet', disconnect: 'Disconnect' },
  price: '1 {{coin}} = {{price}} USDC',
  fee: 'Fee {{rate}}%',
  app: 'Honest Stake',
  total: 'Total',
};
const fr = {
  wallet: { connect: 'Connecter le portefeuille', disconnect: 'Déconnecter' },
  price: '1 {{coin}} = {{price}} USDC',
  fee: 'Frais {{rate}} %',
  app: 'Honest Stake',
  total: 'Total',
};
const ja = {
  wallet: { connect: 'ウォレットを接続', disconnect: '切断' },
  price: '1 {{coin}} = {{price}} USDC',
  fee: '手数料 {{rate}}%',
  app: 'Honest Stake',
  total: '合計',
};

test('complete, translated locales pass; names, units and symbols may stay as they are', () => {
  assert.deepEqual(checkLocales(en, { fr, ja }), []);
});

test('an English value planted in a locale is caught', () => {
  const planted = { ...fr, wallet: { ...fr.wallet, disconnect: 'Disconnect' } };
  assert.deepEqual(checkLocales(en, { fr: planted }), [
    'fr: wallet.disconnect is still the English text "Disconnect"',
  ]);
});

test('a same word is allowed only where the language really has it', () => {
  // 'Total' is French as well; in Spanish it is too, but not in Vietnamese.
  const vi = { ...fr, total: 'Total' };
  assert.deepEqual(checkLocales(en, { vi }), ['vi: total is still the English text "Total"']);
});

test('English words in a non-Latin locale are caught, even inside a translated sentence', () => {
  const mixed = { ...ja, wallet: { ...ja.wallet, connect: 'ウォレットを Connect' } };
  const problems = checkLocales(en, { ja: mixed });
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^ja: wallet\.connect has English words left in place \(Connect\)/);
  // The same text in a Latin-script locale is only checked for being identical to en.
  assert.deepEqual(checkLocales(en, { fr: { ...fr, wallet: mixed.wallet } }), []);
});

test('allowlisted names and placeholders are not English words; other words are', () => {
  assert.deepEqual(englishWords('{{amount}} USDC 到 Trust Wallet 與 MetaMask'), []);
  assert.deepEqual(englishWords('開啟 App'), ['App']);
  assert.deepEqual(englishWords('USDCs'), ['USDCs']);
});

test('a missing key, an empty text, a changed placeholder and an unknown key are caught', () => {
  const broken = {
    wallet: { connect: '' },
    price: '1 {{coin}} = {{cost}} USDC',
    fee: 'Frais {{rate}} %',
    app: 'Honest Stake',
    total: 'Total',
    extra: 'En trop',
  };
  assert.deepEqual(checkLocales(en, { fr: broken }), [
    'fr: missing wallet.connect',
    'fr: missing wallet.disconnect',
    'fr: placeholders of price differ from en',
    'fr: unknown key extra',
  ]);
});

test("the app's own ten locales pass", () => {
  const dir = join(import.meta.dirname, '..', 'src', 'i18n', 'locales');
  const load = (file) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  assert.equal(files.length, 10, 'ten interface languages');
  const locales = Object.fromEntries(
    files.filter((f) => f !== 'en.json').map((f) => [f.replace(/\.json$/, ''), load(f)]),
  );
  assert.deepEqual(checkLocales(load('en.json'), locales), []);
});
