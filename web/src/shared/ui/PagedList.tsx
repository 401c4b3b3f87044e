import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { countFormat } from '../displayAmount';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenPages, type ListPage } from '../data/paging';
import { EmptyState, ErrorState, LoadingState } from './DataViews';
import './data.css';

export interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>>>;
  /** A row's identity (also its React key). */
  itemKey: (item: T) => string | number;
  /** Shown when the list has no rows. */
  empty: ReactNode;
  /** Accessible name of the list. */
  label: string;
  /** One <li> per row; PagedList gives it its key. */
  renderItem: (item: T) => ReactNode;
  className?: string;
}

/**
 * A server list loaded page by page: loading, failure with Retry, empty state, the rows, and
 * "Load more" while the server has more. Rows are <li>s rendered by `renderItem`.
 */
export function PagedList<T>({
  query,
  itemKey,
  empty,
  label,
  renderItem,
  className = '',
}: PagedListProps<T>) {
  const { t, i18n } = useTranslation();
  if (query.isPending) return <LoadingState />;
  if (query.isError && !query.data) return <ErrorState onRetry={() => query.refetch()} />;
  const items = flattenPages(query.data?.pages, itemKey);
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  const total = query.data?.pages.at(-1)?.total ?? items.length;
  const number = countFormat(i18n.language);
  return (
    <>
      <ul className={`data-list ${className}`} aria-label={label}>
        {items.map((item) => (
          <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
      <p className="muted small data-list__count" data-testid="list-count">
        {t('list.showing', {
          shown: number.format(Math.min(items.length, total)),
          total: number.format(total),
        })}
      </p>
      {query.isFetchNextPageError ? (
        <ErrorState onRetry={() => query.fetchNextPage()} />
      ) : query.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t('loading.loading') : t('list.loadMore')}
        </button>
      ) : null}
    </>
  );
}
