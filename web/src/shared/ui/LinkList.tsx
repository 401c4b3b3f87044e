import { useTranslation } from 'react-i18next';
import './link-list.css';

export interface LinkItem {
  path: string;
  titleKey: string;
}

export interface LinkListProps {
  label: string;
  links: readonly LinkItem[];
  onOpen: (path: string) => void;
}

/** A card of links to other pages, one row each, with a chevron that follows the text direction. */
export function LinkList({ label, links, onOpen }: LinkListProps) {
  const { t } = useTranslation();
  return (
    <nav className="card link-list" aria-label={label}>
      {links.map((link) => (
        <button
          type="button"
          key={link.path}
          className="link-list__item"
          onClick={() => onOpen(link.path)}
        >
          <span>{t(link.titleKey)}</span>
          <span aria-hidden="true" className="flip-rtl">
            ›
          </span>
        </button>
      ))}
    </nav>
  );
}
