import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenKind } from '../../shared/data/types';
import { useTokenFormat } from '../../shared/tokens';
import { Address } from '../../shared/ui/Address';
import { Amount } from '../../shared/ui/Amount';

/**
 * One row of a summary: a text (`value`), an amount (shown by the one display rule, its exact value
 * listed under "Everything the wallet will show") or an address (4...4, its full text listed there).
 */
export type SummaryRow = {
  label: string;
  /** The visible value's test id. */
  testId?: string;
  /** The test id of the exact line under "Everything the wallet will show" (amounts, addresses). */
  exactTestId?: string;
} & (
  | { value: ReactNode; amount?: undefined; address?: undefined }
  | { amount: { value: bigint; token: TokenKind }; value?: undefined; address?: undefined }
  | { address: string; value?: undefined; amount?: undefined }
);

/**
 * DESIGN §1.7: what the user is about to sign, in plain words, before any wallet prompt: what it
 * does (`intro`), the figures a person decides on (`rows`: amounts rounded by the one rule,
 * addresses 4...4) and what follows (`notes`). Issue 24 §1: the exact amounts and the full
 * addresses, what the wallet itself will show, are behind one expander, so nothing is hidden and
 * nothing wraps over three lines. Texts already translated.
 */
export function TxSummary(props: {
  testId: string;
  intro: string;
  rows: SummaryRow[];
  notes?: string[];
}) {
  const { t } = useTranslation();
  const fmt = useTokenFormat();
  const exact = props.rows.filter((row) => row.amount || row.address);
  return (
    <div className="summary" data-testid={props.testId}>
      <p className="summary__intro">{props.intro}</p>
      <dl className="summary__list">
        {props.rows.map((row) => (
          <div key={row.label} className="summary__row">
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>
              {row.amount ? (
                <Amount value={row.amount.value} token={row.amount.token} />
              ) : row.address ? (
                <Address address={row.address} />
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      {exact.length > 0 ? (
        <details className="summary__exact" data-testid="summary-exact">
          <summary>{t('tx.walletShows')}</summary>
          <dl className="summary__exact-list">
            {exact.map((row) => (
              <div key={row.label}>
                <dt className="muted small">{row.label}</dt>
                <dd className="mono" data-testid={row.exactTestId}>
                  {row.amount ? (
                    <bdi dir="ltr">{fmt.exactWithSymbol(row.amount.value, row.amount.token)}</bdi>
                  ) : (
                    // The one place an address is written in full: what the wallet will show.
                    // eslint-disable-next-line no-restricted-syntax
                    <bdi dir="ltr">{row.address}</bdi>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {props.notes?.map((note) => (
        <p key={note} className="muted small">
          {note}
        </p>
      ))}
    </div>
  );
}
