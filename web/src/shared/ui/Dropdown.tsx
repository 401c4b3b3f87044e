import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface DropdownOption<T extends string> {
  value: T;
  label: string;
  /** A decorative mark before the label (the label names the option). */
  icon?: ReactNode;
}

export interface DropdownProps<T extends string> {
  /**
   * The menu's visible title ('Select network'); the trigger's accessible name is this title
   * followed by what the trigger shows (the current network), so it contains the visible text.
   */
  title: string;
  trigger: ReactNode;
  options: readonly DropdownOption<T>[];
  value: T;
  onSelect: (value: T) => void;
  testId?: string;
}

/** A small menu under a button: the title on top, one radio item per option. */
export function Dropdown<T extends string>({
  title,
  trigger,
  options,
  value,
  onSelect,
  testId,
}: DropdownProps<T>) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={rootRef}>
      <button
        type="button"
        className="topbar__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="visually-hidden">{title}</span>
        {trigger}
      </button>
      {open ? (
        <div className="dropdown__menu" id={menuId} role="menu" aria-label={title}>
          <div className="dropdown__title" aria-hidden="true">
            {title}
          </div>
          {options.map((option) => (
            <button
              type="button"
              role="menuitemradio"
              aria-checked={option.value === value}
              key={option.value}
              className={`dropdown__item${option.value === value ? ' is-active' : ''}`}
              onClick={() => {
                setOpen(false);
                onSelect(option.value);
              }}
            >
              {option.icon}
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
