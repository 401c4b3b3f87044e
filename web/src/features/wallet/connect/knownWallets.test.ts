import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  absentWalletHref,
  buildWalletRows,
  knownIdFromFlags,
  knownWallets,
  type WalletCandidate,
} from './knownWallets';

const named = ['TokenPocket', 'Trust Wallet', 'OKX Wallet', 'Wallacy', 'MetaMask'];

const announced = (key: string, name: string, rdns: string): WalletCandidate<string> => ({
  key,
  name,
  rdns,
  ref: key,
});
const generic = (
  sameAsAnnounced: boolean | undefined,
  flagged?: ReturnType<typeof knownIdFromFlags>,
): WalletCandidate<string> => ({
  key: 'injected',
  name: 'Browser wallet',
  generic: { flagged, sameAsAnnounced },
  ref: 'injected',
});

const view = (rows: ReturnType<typeof buildWalletRows<string>>) =>
  rows.map(
    (r) =>
      `${r.kind === 'installed' ? '+' : '-'}${r.name}${r.kind === 'installed' ? `=${r.ref}` : ''}`,
  );

test('with no wallet, the five named wallets are offered to open by link', () => {
  assert.deepEqual(
    view(buildWalletRows<string>([])),
    named.map((n) => `-${n}`),
  );
});

test('a named wallet that is present is matched to its EIP-6963 provider by rdns', () => {
  const rows = buildWalletRows([
    announced('a', 'MetaMask', 'io.metamask'),
    announced('b', 'Trust Wallet', 'com.trustwallet.app'),
    announced('c', 'OKX Wallet', 'com.okex.wallet'),
    announced('d', 'TokenPocket', 'pro.tokenpocket'),
  ]);
  assert.deepEqual(view(rows), [
    '+TokenPocket=d',
    '+Trust Wallet=b',
    '+OKX Wallet=c',
    '-Wallacy',
    '+MetaMask=a',
  ]);
});

test('an announced wallet matches by name when its rdns is not one we know', () => {
  const rows = buildWalletRows([announced('w', 'Wallacy', 'com.example.wallacy')]);
  assert.deepEqual(view(rows)[3], '+Wallacy=w');
});

test('other wallets follow the named ones, each once (duplicate announcements by rdns)', () => {
  const rows = buildWalletRows([
    announced('e1', 'E2E Wallet', 'dev.e2e.wallet'),
    announced('e2', 'E2E Wallet', 'dev.e2e.wallet'),
    announced('r', 'Rabby Wallet', 'io.rabby'),
    { key: 'local', name: 'Local test wallet', ref: 'local' },
  ]);
  assert.deepEqual(view(rows).slice(5), [
    '+E2E Wallet=e1',
    '+Rabby Wallet=r',
    '+Local test wallet=local',
  ]);
});

test('window.ethereum is left out when it is an announced provider or not yet checked', () => {
  const e2e = announced('e', 'E2E Wallet', 'dev.e2e.wallet');
  assert.deepEqual(view(buildWalletRows([e2e, generic(true)])).slice(5), ['+E2E Wallet=e']);
  assert.deepEqual(view(buildWalletRows([e2e, generic(undefined)])).slice(5), ['+E2E Wallet=e']);
  assert.deepEqual(view(buildWalletRows([e2e, generic(false)])).slice(5), [
    '+E2E Wallet=e',
    '+Browser wallet=injected',
  ]);
});

test('a flagged window.ethereum fills its named row, unless that wallet also announced itself', () => {
  const rows = buildWalletRows([generic(false, 'trust')]);
  assert.deepEqual(view(rows), [
    '-TokenPocket',
    '+Trust Wallet=injected',
    '-OKX Wallet',
    '-Wallacy',
    '-MetaMask',
  ]);
  const both = buildWalletRows([
    announced('t', 'Trust Wallet', 'com.trustwallet.app'),
    generic(false, 'trust'),
  ]);
  assert.deepEqual(view(both)[1], '+Trust Wallet=t');
  assert.equal(both.length, 5);
});

test('injected flags: other wallets also claim isMetaMask, so it is the last resort', () => {
  assert.equal(knownIdFromFlags({ isMetaMask: true, isTokenPocket: true }), 'tokenpocket');
  assert.equal(knownIdFromFlags({ isMetaMask: true, isTrust: true }), 'trust');
  assert.equal(knownIdFromFlags({ isMetaMask: true, isOkxWallet: true }), 'okx');
  assert.equal(knownIdFromFlags({ isMetaMask: true }), 'metamask');
  assert.equal(knownIdFromFlags({}), undefined);
});

test('deep links carry the current URL in each wallet format', () => {
  const url = 'https://stake.example/#/pages/serve/serve?code=0xAb';
  const href = (id: string) =>
    absentWalletHref(
      knownWallets.find((w) => w.id === id)!,
      url,
    );
  assert.equal(
    href('tokenpocket'),
    `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url }))}`,
  );
  assert.equal(
    href('trust'),
    `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(url)}`,
  );
  const okx = new URL(href('okx'));
  assert.equal(okx.origin + okx.pathname, 'https://web3.okx.com/download');
  const inner = new URL(okx.searchParams.get('deeplink')!);
  assert.equal(inner.protocol, 'okx:');
  assert.equal(inner.searchParams.get('dappUrl'), url);
  assert.equal(
    href('metamask'),
    'https://link.metamask.io/dapp/stake.example/#/pages/serve/serve?code=0xAb',
  );
  assert.equal(href('wallacy'), 'https://wallacy.io/');
});
