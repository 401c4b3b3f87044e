import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './info.css';

/**
 * Fine print behind an "i" button (issue 11 §5): the card shows its figures, and the explanation
 * opens under the button on request. The button says whether it is open (aria-expanded) and which
 * text it shows (aria-controls); the text stays in the page, hidden, so it can be referenced.
 */
export function InfoNote({ children, testId }: { children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="info-note">
      <button
        type="button"
        className="info-note__button"
        aria-expanded={open}
        aria-controls={id}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">i</span>
        <span className="visually-hidden">{t('common.moreInfo')}</span>
      </button>
      <p className="info-note__text muted small" id={id} hidden={!open}>
        {children}
      </p>
    </div>
  );
}
