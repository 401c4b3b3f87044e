import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenKind } from '../../shared/data/types';
import { useTokenFormat } from '../../shared/tokens';
import { Address, checksummed } from '../../shared/ui/Address';
import { Amount } from '../../shared/ui/Amount';

/**
 * One line of a summary. An amount or an address is given as data, not as text, so the summary
 * shows it the app's one way (<Amount>, <Address>) and repeats it exactly, to the last unit and
 * character, under "Everything the wallet will show" (issue 24 §1).
 */
export type SummaryRow = ValueRow | AmountRow | AddressRow;
/** A row whose value is already shown the app's way (a date, a network, a sentence, an <Amount>). */
export interface ValueRow {
  label: string;
  testId?: string;
  value: ReactNode;
}
interface AmountRow {
  label: string;
  testId?: string;
  amount: bigint;
  token: TokenKind;
}
interface AddressRow {
  label: string;
  testId?: string;
  address: string;
}

/**
 * docs/TRUST.md rule 7: what the user is about to sign, in plain words, before any wallet prompt:
 * what it does (`intro`), the contract addresses and amounts (`rows`), what it costs in network fee
 * (`fee`, a <NetworkFeeLine>), and what follows (`notes`). Texts already translated. The fee comes
 * right after the rows, above the expander and the notes: on a 390 px phone a long dialog's last
 * line is below the fold, and the fee is what a newcomer looks for before signing. A row's `testId` names its exact value (in the expander); the rounded
 * value the dialog shows first is `<testId>-shown`.
 */
export function TxSummary(props: {
  testId: string;
  intro: string;
  rows: SummaryRow[];
  fee?: ReactNode;
  notes?: string[];
}) {
  const { t } = useTranslation();
  const fmt = useTokenFormat();
  const exactRows = props.rows.flatMap((row): { row: SummaryRow; exact: string }[] => {
    if ('amount' in row) return [{ row, exact: fmt.exactWithSymbol(row.amount, row.token) }];
    if ('address' in row) return [{ row, exact: checksummed(row.address) }];
    return [];
  });
  return (
    <div className="summary" data-testid={props.testId}>
      <p>{props.intro}</p>
      <dl className="summary__list label-value">
        {props.rows.map((row) => (
          <div key={row.label} className="summary__row">
            <dt>{row.label}</dt>
            <dd data-testid={shownTestId(row)}>{shownValue(row)}</dd>
          </div>
        ))}
      </dl>
      {props.fee}
      {exactRows.length > 0 ? (
        <details className="summary__exact" data-testid="summary-exact">
          <summary>{t('dialog.everything')}</summary>
          <dl className="summary__list label-value">
            {exactRows.map(({ row, exact }) => (
              <div key={row.label} className="summary__row">
                <dt>{row.label}</dt>
                <dd className="summary__exact-value" data-testid={row.testId}>
                  <bdi dir="ltr">{exact}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {props.notes?.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </div>
  );
}

function shownValue(row: SummaryRow): ReactNode {
  if ('amount' in row) return <Amount value={row.amount} token={row.token} />;
  if ('address' in row) return <Address address={row.address} />;
  return row.value;
}

/** Rows with an exact twin keep the plain testId for the exact value; the others keep theirs. */
function shownTestId(row: SummaryRow): string | undefined {
  if (!row.testId) return undefined;
  return 'value' in row ? row.testId : `${row.testId}-shown`;
}
