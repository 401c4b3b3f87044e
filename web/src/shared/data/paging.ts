import type { Page } from './types';

/** Items per request of every paginated list (the server allows 1..50). */
export const PAGE_SIZE = 20;

/** The next page number to ask for, or undefined when `last` was the last page. */
export function nextPageParam(last: Page<unknown>): number | undefined {
  return last.page * last.limit < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}

/**
 * The items of every loaded page in order, each once: lists are newest first, so a row written
 * between two page loads pushes an older row onto the next page, where it would repeat.
 */
export function flattenPages<T>(
  pages: readonly Page<T>[] | undefined,
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
