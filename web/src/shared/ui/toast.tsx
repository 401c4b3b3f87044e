import { useEffect } from 'react';
import { createStore, useStore } from '../store';

export const TOAST_MS = 2000;

interface ToastState {
  id: number;
  text: string;
}

const toastStore = createStore<ToastState | null>(null);
let nextId = 1;

/** Shows a short message for 2000 ms (spec §9). Takes already translated text. */
export function toast(text: string): void {
  toastStore.set({ id: nextId++, text });
}

export function Toaster() {
  const current = useStore(toastStore);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => {
      toastStore.set((now) => (now?.id === current.id ? null : now));
    }, TOAST_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {current ? (
        <div className="toast" key={current.id}>
          {current.text}
        </div>
      ) : null}
    </div>
  );
}
