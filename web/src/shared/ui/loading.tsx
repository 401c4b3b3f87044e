import { useEffect, useState } from 'react';
import { createStore, useStore } from '../store';
import './loading.css';

const loadingStore = createStore<string | null>(null);

/** Shows the blocking loading modal with an already translated text ('Connecting wallet', ...). */
export function showLoading(text: string): void {
  loadingStore.set(text);
}

export function hideLoading(): void {
  loadingStore.set(null);
}

export function LoadingModal() {
  const text = useStore(loadingStore);
  if (text === null) return null;
  return (
    <div className="overlay overlay--loading">
      <div className="loading" role="dialog" aria-modal="true" aria-label={text} aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="inline-loading" role="status">
      <span className="spinner spinner--small" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** The Spinner, shown only once `delayMs` have passed (a fast load shows no flash). */
export function DelayedSpinner({ label, delayMs }: { label: string; delayMs: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return shown ? <Spinner label={label} /> : null;
}

/**
 * A grey bar in place of a figure that is loading (issue 11 §5: skeletons, not text), with the
 * loading text for screen readers.
 */
export function Skeleton({ label, wide = false }: { label: string; wide?: boolean }) {
  return (
    <span className={wide ? 'skeleton skeleton--wide' : 'skeleton'}>
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}
