import assert from 'node:assert/strict';
import { test } from 'node:test';
import { flattenPages, nextPageParam } from './paging';

const page = (n: number, ids: string[], total: number, limit = 2) => ({
  items: ids.map((id) => ({ id })),
  total,
  page: n,
  limit,
});

test('nextPageParam asks for the next page while the server has more', () => {
  assert.equal(nextPageParam(page(1, ['a', 'b'], 5)), 2);
  assert.equal(nextPageParam(page(2, ['c', 'd'], 5)), 3);
  assert.equal(nextPageParam(page(3, ['e'], 5)), undefined);
  assert.equal(nextPageParam(page(1, [], 0)), undefined);
  // A total that shrank below what was asked for ends the list rather than looping on empty pages.
  assert.equal(nextPageParam(page(4, [], 9)), undefined);
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
