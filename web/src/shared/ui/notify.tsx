import { useStore } from '../store';
import { BellIcon } from './icons';
import { createTimedMessages, useOnScreen } from './timedMessage';

/** Spec §9: a notify banner shows for 3000 ms (a toast: 2000 ms). */
export const NOTIFY_MS = 3000;

export interface Notification {
  /** Already translated text. */
  text: string;
  /** What tapping the banner opens; without it the banner is not a button. */
  onOpen?: () => void;
}

export const notifications = createTimedMessages<Notification>(NOTIFY_MS);

/** Shows a banner at the top for 3000 ms: news the user did not ask for (a new notice arrived). */
export function notify(notification: Notification): void {
  notifications.show(notification);
}

export function NotifyBanner() {
  const current = useStore(notifications.store);
  useOnScreen(notifications, current?.id);
  return (
    <div className="notify-region" role="status" aria-live="polite">
      {current ? (
        current.value.onOpen ? (
          <button
            type="button"
            key={current.id}
            className="notify"
            data-testid="notify-banner"
            onClick={() => {
              notifications.dismiss(current.id);
              current.value.onOpen?.();
            }}
          >
            <BellIcon />
            <span>{current.value.text}</span>
          </button>
        ) : (
          <div key={current.id} className="notify" data-testid="notify-banner">
            <BellIcon />
            <span>{current.value.text}</span>
          </div>
        )
      ) : null}
    </div>
  );
}
