/**
 * The skeleton the signed-in record pages share (activity, withdrawals, exchanges): a prompt to
 * connect without a session, else the list in a card, and below it the block the figures come
 * from. Each page gives its rows, and anything above the list (the exchange totals).
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { IndexedPage } from '../data/types';
import { useNetwork } from '../network';
import { useSession } from '../session';
import { Card } from './Card';
import { ConnectPrompt, IndexedNote, RelativeTime, TxHash } from './DataViews';
import { PagedList } from './PagedList';
import './data.css';

export function RecordList<T extends { id: string }>({
  query,
  title,
  empty,
  renderItem,
  before,
}: {
  query: UseInfiniteQueryResult<InfiniteData<IndexedPage<T>>>;
  title: string;
  empty: string;
  renderItem: (item: T) => ReactNode;
  before?: ReactNode;
}) {
  const session = useSession();
  if (!session) return <ConnectPrompt />;
  return (
    <div className="records">
      {before}
      <Card title={title}>
        <PagedList<T>
          query={query}
          itemKey={(item) => item.id}
          label={title}
          empty={empty}
          renderItem={renderItem}
        />
      </Card>
      <IndexedNote indexed={query.data?.pages[0]?.indexed} />
    </div>
  );
}

/** One record: a title line with an optional amount, then its details, time and transaction. */
export function RecordRow({
  testId,
  data,
  title,
  amount,
  children,
  time,
  txHash,
}: {
  testId: string;
  /** data-* attributes (the e2e tests read a row's kind or type). */
  data?: Record<`data-${string}`, string>;
  title: ReactNode;
  amount?: ReactNode;
  children?: ReactNode;
  time: string;
  txHash: string;
}) {
  const network = useNetwork();
  return (
    <li className="row" data-testid={testId} {...data}>
      <div className="row__head">
        {title}
        {amount}
      </div>
      <div className="row__meta muted small">
        {children}
        <RelativeTime iso={time} />
        <TxHash hash={txHash} network={network} />
      </div>
    </li>
  );
}
