import { useTranslation } from 'react-i18next';
import { BackIcon } from '../shared/ui/icons';
import { back } from './router';

/** Titled navigation of the non-tab pages, with back. */
export function NavBar({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <header className="navbar">
      <button
        type="button"
        className="icon-button navbar__back"
        aria-label={t('common.back')}
        onClick={back}
      >
        <BackIcon />
      </button>
      <h1 className="navbar__title">{t(titleKey)}</h1>
      <span className="navbar__spacer" aria-hidden="true" />
    </header>
  );
}
