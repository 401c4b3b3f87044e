import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import './tabs.css';

/**
 * Marks a horizontal scroller with `data-more-start` / `data-more-end` while there is more to see
 * in that direction (reading direction: right-to-left in Arabic), so CSS fades that edge and a row
 * of tabs that runs off the screen shows that it scrolls (issue 11 §4).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const max = el.scrollWidth - el.clientWidth;
      // Chromium counts scrollLeft from 0 down to -max in right-to-left boxes.
      const pos = Math.abs(el.scrollLeft);
      el.toggleAttribute('data-more-start', max > 1 && pos > 1);
      el.toggleAttribute('data-more-end', max > 1 && pos < max - 1);
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
}

export interface TabOption<T extends string | number> {
  value: T;
  label: string;
}

/**
 * A row of tabs (role="tablist") above one panel (role="tabpanel"): arrow keys move between tabs,
 * in the reading direction (right-to-left in Arabic).
 */
export function Tabs<T extends string | number>({
  label,
  options,
  value,
  onChange,
  idPrefix,
  children,
}: {
  label: string;
  options: readonly TabOption<T>[];
  value: T;
  onChange: (value: T) => void;
  idPrefix: string;
  children: ReactNode;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  useScrollEdges(listRef);
  const tabId = (v: T) => `${idPrefix}-tab-${v}`;
  const onKeyDown = (event: KeyboardEvent) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step =
      event.key === 'ArrowRight' ? (rtl ? -1 : 1) : event.key === 'ArrowLeft' ? (rtl ? 1 : -1) : 0;
    if (!step) return;
    event.preventDefault();
    const index = options.findIndex((o) => o.value === value);
    const next = options[(index + step + options.length) % options.length];
    if (!next) return;
    onChange(next.value);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(next.value))}`)?.focus();
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={label} ref={listRef} onKeyDown={onKeyDown}>
        {options.map((option) => {
          const selected = option.value === value;
          return (
            <button
              type="button"
              role="tab"
              key={String(option.value)}
              id={tabId(option.value)}
              aria-selected={selected}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={selected ? 0 : -1}
              className={`tabs__tab${selected ? ' is-active' : ''}`}
              onClick={() => onChange(option.value)}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={tabId(value)}>
        {children}
      </div>
    </>
  );
}
