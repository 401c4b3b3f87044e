import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addTexts, t } from './translate';

test('texts: dotted keys, {{values}}, later parts merged in, the key when a text is missing', () => {
  assert.equal(t('home.pool'), 'home.pool', 'before the texts arrive: the key');
  addTexts({ home: { pool: 'Pool', line: '1 {{coin}} = {{price}}' }, app: { name: 'Stake' } });
  assert.equal(t('home.pool'), 'Pool');
  assert.equal(t('home.line', { coin: 'HST', price: 2 }), '1 HST = 2');
  assert.equal(t('home.line', { coin: 'HST' }), '1 HST = {{price}}', 'a value not given stays');
  assert.equal(t('home.line', { coin: 'HST', price: undefined }), '1 HST = ');
  // The later part (i18n/parts.ts) adds namespaces and keys without dropping the first part's.
  addTexts({ home: { later: 'Later' }, serve: { title: 'Serve' } });
  assert.equal(t('home.pool'), 'Pool');
  assert.equal(t('home.later'), 'Later');
  assert.equal(t('serve.title'), 'Serve');
  assert.equal(t('home'), 'home', 'a namespace is not a text');
  assert.equal(t('Network error. Try again'), 'Network error. Try again');
});
