import type { ReactNode } from 'react';

export interface SummaryRow {
  label: string;
  value: ReactNode;
  /** Addresses and hashes: monospace, left-to-right even in Arabic. */
  mono?: boolean;
  testId?: string;
}

/**
 * DESIGN §1.7: what the user is about to sign, in plain words, before any wallet prompt: what it
 * does (`intro`), the contract addresses and amounts (`rows`), and what follows (`notes`). Texts
 * already translated.
 */
export function TxSummary(props: {
  testId: string;
  intro: string;
  rows: SummaryRow[];
  notes?: string[];
}) {
  return (
    <div className="summary" data-testid={props.testId}>
      <p>{props.intro}</p>
      <dl className="summary__list">
        {props.rows.map((row) => (
          <div key={row.label} className="summary__row">
            <dt>{row.label}</dt>
            <dd className={row.mono ? 'mono' : undefined} data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {props.notes?.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </div>
  );
}
