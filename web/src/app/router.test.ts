import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchLanguage } from '../i18n/languages';
import { isSamePage, parseHash } from './router';
import { routes } from './routes';

test('parseHash splits path and query', () => {
  const at = parseHash('#/?code=0xabc');
  assert.equal(at.path, '/');
  assert.equal(at.query.get('code'), '0xabc');
  assert.equal(parseHash('').path, '/');
  assert.equal(parseHash('#/pages/serve/serve/').path, '/pages/serve/serve');
});

test('exactly the spec paths, the transparency page and the RPC settings are routed', () => {
  assert.deepEqual(Object.keys(routes).sort(), [
    '/',
    '/pages/activity/activity',
    '/pages/exchange/exchange',
    '/pages/income/income',
    '/pages/index/index',
    '/pages/invite/invite',
    '/pages/mine/mine',
    '/pages/notice/details',
    '/pages/notice/notice',
    '/pages/records/records',
    '/pages/serve/serve',
    // Issue 18 §2, not in the spec: the user's own RPC URLs.
    '/pages/settings/rpc',
    '/pages/teams/teams',
    // Issue 11 §3, not in the spec: the public transparency page.
    '/pages/transparency/transparency',
    '/pages/withdraws/withdraws',
  ]);
});

test('matchLanguage maps stored and browser tags to the ten languages', () => {
  assert.equal(matchLanguage('zh-tw'), 'zh-TW');
  assert.equal(matchLanguage('zh-Hant-TW'), 'zh-TW');
  assert.equal(matchLanguage('fr-CA'), 'fr');
  assert.equal(matchLanguage('ar'), 'ar');
  assert.equal(matchLanguage('de'), undefined);
  // The server's rule too (one function): Simplified Chinese is not offered.
  assert.equal(matchLanguage('zh-CN'), undefined);
  assert.equal(matchLanguage('zh_TW'), 'zh-TW');
});

test('navigating to the page already shown is recognised: home has two paths, parameters count', () => {
  assert.ok(isSamePage('/', '#/pages/index/index'));
  assert.ok(isSamePage('/pages/index/index', '#/'));
  assert.ok(isSamePage('/pages/serve/serve', '#/pages/serve/serve/'));
  assert.ok(!isSamePage('/pages/serve/serve', '#/pages/mine/mine'));
  assert.ok(!isSamePage('/pages/notice/details?id=2', '#/pages/notice/details?id=1'));
  assert.ok(isSamePage('/pages/notice/details?id=1', '#/pages/notice/details?id=1'));
});
