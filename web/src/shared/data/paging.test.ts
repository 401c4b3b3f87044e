import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flattenPages, nextPageParam } from './paging';

const page = (n: number, ids: string[], total: number, limit = 2) => ({
  items: ids.map((id) => ({ id })),
  total,
  page: n,
  limit,
});

test('nextPageParam asks a numbered list (notices) for the next page while the server has more', () => {
  assert.deepEqual(nextPageParam(page(1, ['a', 'b'], 5)), { page: 2 });
  assert.deepEqual(nextPageParam(page(2, ['c', 'd'], 5)), { page: 3 });
  assert.equal(nextPageParam(page(3, ['e'], 5)), undefined);
  assert.equal(nextPageParam(page(1, [], 0)), undefined);
  // A total that shrank below what was asked for ends the list rather than looping on empty pages.
  assert.equal(nextPageParam(page(4, [], 9)), undefined);
});

test('nextPageParam continues a chain-derived list after its cursor, until the server has none', () => {
  const keyset = (ids: string[], next: string | null) => ({
    items: ids.map((id) => ({ id })),
    total: 3,
    limit: 2,
    next,
    indexed: null,
  });
  assert.deepEqual(nextPageParam(keyset(['9-1', '8-0'], '8-0')), { before: '8-0' });
  assert.equal(nextPageParam(keyset(['7-2'], null)), undefined);
  // Whatever the total says, the cursor decides: no page numbers are sent.
  assert.equal(nextPageParam({ ...keyset([], null), total: 99 }), undefined);
});

test('flattenPages keeps the order and shows a row pushed onto the next page once', () => {
  const pages = [page(1, ['n2', 'n1'], 4), page(2, ['n1', 'n0'], 4)];
  assert.deepEqual(
    flattenPages(pages, (item) => item.id).map((item) => item.id),
    ['n2', 'n1', 'n0'],
  );
  assert.deepEqual(
    flattenPages(undefined, (item: { id: string }) => item.id),
    [],
  );
});
