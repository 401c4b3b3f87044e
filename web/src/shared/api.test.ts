/**
 * The HTTP client's rules (spec §7, §8, §9) against a stand-in for fetch: the envelope, the toast
 * of a server message, code 400 logging out once, transport errors and the 60000 ms timeout.
 * The real server is met by the e2e suites (data-pages: a revoked session; topbar: a refused write).
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { api, apiGet, API_TIMEOUT_MS, ApiError } from './api';
import { sessionStore, setSession } from './session';
import { toasts } from './ui/toast';

interface Call {
  url: string;
  init: RequestInit;
}

let calls: Call[] = [];
let answer: (call: Call) => Promise<Response>;
const relaunches: string[] = [];
let reloads = 0;

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  calls = [];
  toasts.store.set(null);
  globalThis.fetch = ((url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  Object.assign(globalThis, {
    window: {
      location: {
        pathname: '/',
        search: '',
        replace: (href: string) => relaunches.push(href),
        reload: () => reloads++,
      },
      dispatchEvent: () => true,
    },
  });
});

afterEach(() => mock.timers.reset());

test('code 0 or no code is success: the data; headers and form encoding as spec §7 says', async () => {
  answer = () => json({ code: 0, msg: 'ok', data: { Code: 'abc' } });
  assert.deepEqual(await api.post('/v1/user/getcode', { address: '0xA', chain: 1 }), {
    Code: 'abc',
  });
  const [post] = calls;
  assert.equal(post?.url, '/v1/user/getcode');
  assert.equal(post?.init.method, 'POST');
  assert.equal(post?.init.body, 'address=0xA&chain=1');
  const headers = post?.init.headers as Record<string, string>;
  assert.equal(headers['Content-Type'], 'application/x-www-form-urlencoded');
  assert.equal(headers.Lang, 'en');
  assert.ok('Token' in headers);

  answer = () => json({ data: [1, 2] });
  assert.deepEqual(await api.get('/v1/notice/list', { page: 2, limit: undefined }), [1, 2]);
  assert.equal(calls[1]?.url, '/v1/notice/list?page=2', 'GET params in the query, unset left out');
  assert.equal(toasts.store.get(), null, 'no toast on success');
});

test('a non-zero code toasts the server message and rejects with the body', async () => {
  answer = () => json({ code: 1006, msg: 'Too many requests', data: null }, 429);
  await assert.rejects(api.post('/v1/notice/read', { all: 1 }), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, 'Too many requests');
    assert.equal(error.body?.code, 1006);
    return true;
  });
  assert.equal(toasts.store.get()?.value, 'Too many requests');
});

test('a non-zero code without a message toasts the generic failure; toast: false shows none', async () => {
  answer = () => json({ code: 1001 });
  await assert.rejects(api.get('/v1/income/list'), ApiError);
  assert.equal(toasts.store.get()?.value, 'errors.request', "the 'Request failed' text");

  toasts.store.set(null);
  answer = () => json({ code: 1007, msg: 'Not found' }, 404);
  await assert.rejects(api.get('/v1/notice/details', { id: 9 }, { toast: false }), ApiError);
  assert.equal(toasts.store.get(), null);
});

test('a transport error toasts and rejects (never stays pending)', async () => {
  answer = () => Promise.reject(new TypeError('Failed to fetch'));
  await assert.rejects(api.get('/v1/index/config'), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.body, undefined, 'no server body');
    return true;
  });
  assert.equal(toasts.store.get()?.value, 'errors.network');
});

test('spec §9: a request without an answer fails after 60000 ms, not before', async () => {
  assert.equal(API_TIMEOUT_MS, 60_000);
  mock.timers.enable({ apis: ['setTimeout'] });
  answer = ({ init }) =>
    new Promise((_, reject) =>
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
    );
  let settled = false;
  const request = api.get('/v1/index/home').finally(() => (settled = true));
  mock.timers.tick(API_TIMEOUT_MS - 1);
  await new Promise<void>((resolve) => setImmediate(resolve));
  assert.equal(settled, false);
  mock.timers.tick(1);
  await assert.rejects(request, ApiError);
  assert.equal(toasts.store.get()?.value, 'errors.timeout');
});

test('code 400 logs out once and relaunches at home, however many answers say so', async () => {
  setSession({ token: 't', uid: '1', userAddress: '0xA', loginInfo: {} });
  answer = () => json({ code: 400, msg: 'Please log in again' }, 401);
  await Promise.all([
    assert.rejects(api.get('/v1/user/info'), ApiError),
    assert.rejects(api.get('/v1/income/list'), ApiError),
  ]);
  assert.equal(sessionStore.get(), null, 'the session is cleared');
  assert.deepEqual(relaunches, ['/#/'], 'relaunched at home once');
  assert.equal(reloads, 1);
});

test("an anonymous GET takes the boot script's read of the same URL once, and only while fresh", async () => {
  answer = () => json({ data: 'asked again' });
  const boot = (at: number, data: string) => ({ at, response: json({ data }) });
  Object.assign(globalThis.window, {
    __bootReads: {
      '/v1/index/home?chain=1': boot(Date.now(), 'from boot'),
      '/v1/index/config': boot(Date.now() - 60_000, 'stale'),
    },
  });
  assert.equal(await api.get('/v1/index/home', { chain: 1 }), 'from boot');
  assert.equal(calls.length, 0, 'not asked twice');
  assert.equal(await api.get('/v1/index/home', { chain: 1 }), 'asked again', 'taken once');
  assert.equal(await api.get('/v1/index/config'), 'asked again', 'a stale read is not used');
  assert.equal(calls.length, 2);
});

test('apiGet(route, query): the path from the route name, the result typed by its schema', async () => {
  answer = () => json({ code: 0, data: { count: 3 } });
  const unread = await apiGet('GET /v1/notice/unread', { chain: 1 });
  // Typed as the route's data (UnreadCount): `count` is a number for the compiler too.
  const count: number = unread.count;
  assert.equal(count, 3);
  assert.equal(calls.at(-1)?.url, '/v1/notice/unread?chain=1');
  assert.equal(calls.at(-1)?.init.method, 'GET');
});
