import { useId, type ReactNode } from 'react';

export interface CardProps {
  /** The card's heading; it also names the section for screen readers. */
  title: ReactNode;
  testId?: string;
  className?: string;
  children?: ReactNode;
}

/** A page section: a card with its own heading, labelled by it. */
export function Card({ title, testId, className, children }: CardProps) {
  const titleId = useId();
  return (
    <section
      className={className ? `card ${className}` : 'card'}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <h2 className="card__title" id={titleId}>
        {title}
      </h2>
      {children}
    </section>
  );
}
