import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorSection } from '../../shared/data/types';
import { EmptyState } from '../../shared/ui/DataViews';
import { Skeleton } from '../../shared/ui/loading';

/**
 * A section the operator writes (features, partners): labelled as the operator's content, with
 * when it was last changed, in the language it was written in. Texts are plain text.
 */
export function OperatorContent<T>({
  title,
  section,
  empty,
  testId,
  renderItem,
  loading = false,
}: {
  title: string;
  section: OperatorSection<T> | undefined;
  /** The content is still being read: a grey bar, not the "nothing published" text. */
  loading?: boolean;
  empty: string;
  testId: string;
  renderItem: (item: T, index: number) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const updated = section?.updatedAt ? Date.parse(section.updatedAt) : NaN;
  return (
    <section className="card operator" data-testid={testId} aria-label={title}>
      <div className="operator__head">
        <h2 className="card__title">{title}</h2>
        <span className="badge badge--operator">{t('home.operatorContent')}</span>
      </div>
      {loading ? (
        <p className="state" aria-busy="true">
          <Skeleton label={t('loading.loading')} wide />
        </p>
      ) : !section || section.items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          <ul className="operator__list" lang={section.lang ?? undefined} dir="auto">
            {section.items.map((item, index) => (
              <li key={index}>{renderItem(item, index)}</li>
            ))}
          </ul>
          {!Number.isNaN(updated) ? (
            <p className="muted small">
              {t('home.operatorUpdated', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                  updated,
                ),
              })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Only http(s) links are followed (the server checks too). */
export function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
