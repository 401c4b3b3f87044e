import { useStore } from '../store';
import { createTimedMessages, useOnScreen } from './timedMessage';

/** Spec §9: a toast shows for 2000 ms. */
export const TOAST_MS = 2000;

export const toasts = createTimedMessages<string>(TOAST_MS);

/** Shows a short message for 2000 ms (spec §9). Takes already translated text. */
export function toast(text: string): void {
  toasts.show(text);
}

export function Toaster() {
  const current = useStore(toasts.store);
  useOnScreen(toasts, current?.id);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {current ? (
        <div className="toast" key={current.id}>
          {current.value}
        </div>
      ) : null}
    </div>
  );
}
