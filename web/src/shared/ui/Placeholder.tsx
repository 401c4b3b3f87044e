import { useTranslation } from 'react-i18next';

/** An honest placeholder: the page exists, its content comes in a later issue. No numbers. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="card placeholder">
      <h2 className="card__title">{t(titleKey)}</h2>
      <p className="muted">{t('common.comingSoon')}</p>
    </section>
  );
}
