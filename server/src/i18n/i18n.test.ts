import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveLang, t } from './index.ts';
import { catalogue, languages } from './messages.ts';

describe('i18n', () => {
  it('has every message in every language, with the same placeholders', () => {
    const keys = Object.keys(catalogue.en).sort();
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const lang of languages) {
      assert.deepEqual(Object.keys(catalogue[lang]).sort(), keys, lang);
      for (const key of keys as (keyof typeof catalogue.en)[]) {
        const text = catalogue[lang][key];
        assert.ok(text.trim().length > 0, `${lang}.${key}`);
        assert.deepEqual(placeholders(text), placeholders(catalogue.en[key]), `${lang}.${key}`);
        if (lang !== 'en') {
          assert.notEqual(text, catalogue.en[key], `${lang}.${key} is untranslated`);
        }
      }
    }
  });

  it('resolves the Lang header case-insensitively with an English fallback', () => {
    assert.equal(resolveLang(undefined), 'en');
    assert.equal(resolveLang(''), 'en');
    assert.equal(resolveLang('zh-tw'), 'zh-TW');
    assert.equal(resolveLang('ZH_TW'), 'zh-TW');
    assert.equal(resolveLang('zh-Hant'), 'zh-TW');
    // Simplified Chinese is not offered: English, as in the web app.
    assert.equal(resolveLang('zh-CN'), 'en');
    assert.equal(resolveLang('zh-Hans'), 'en');
    assert.equal(resolveLang('ja'), 'ja');
    assert.equal(resolveLang('en-US'), 'en');
    assert.equal(resolveLang('pt'), 'en');
    assert.equal(resolveLang(['th', 'en']), 'th');
  });

  it('fills placeholders', () => {
    assert.equal(t('en', 'missingField', { field: 'address' }), 'Missing required field: address');
    assert.equal(
      t('fr', 'missingField', { field: 'address' }),
      'Champ obligatoire manquant : address',
    );
  });
});
