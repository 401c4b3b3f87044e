import type { IndexedPage, Page } from './types';

/** Items per request of every paginated list (the server allows 1..50). */
export const PAGE_SIZE = 20;

/** What every list page has: its rows and how many the whole list has. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** The request of a list's next page: after a keyset cursor, or a page number (notices). */
export type PageParam = { before: string } | { page: number } | Record<string, never>;

/**
 * What to ask for after `last`, or undefined when it was the last page. A chain-derived list
 * says where it continues (`next`, sent back as `before`): one index read on the server however
 * deep, and a row written between two loads does not shift the rest. The notice list is numbered.
 */
export function nextPageParam(last: Page<unknown> | IndexedPage<unknown>): PageParam | undefined {
  if ('next' in last) return last.next === null ? undefined : { before: last.next };
  return last.page * last.limit < last.total && last.items.length > 0
    ? { page: last.page + 1 }
    : undefined;
}

/**
 * The items of every loaded page in order, each once: in a numbered list (newest first), a row
 * written between two page loads pushes an older row onto the next page, where it would repeat.
 */
export function flattenPages<T>(
  pages: readonly ListPage<T>[] | undefined,
  keyOf: (item: T) => string | number,
): T[] {
  const seen = new Set<string | number>();
  const out: T[] = [];
  for (const page of pages ?? [])
    for (const item of page.items) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(item);
    }
  return out;
}
