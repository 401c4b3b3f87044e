import { useLayoutEffect } from 'react';
import { createStore, type Store } from '../store';

/** One message on screen; `id` tells a newer message with the same text from the older one. */
export interface TimedMessage<T> {
  id: number;
  value: T;
}

export interface TimedMessages<T> {
  /** The message shown now, or null. */
  store: Store<TimedMessage<T> | null>;
  /** How long a message stays (ms). */
  lifetimeMs: number;
  /** Shows `value` for `lifetimeMs`, replacing the one shown; returns its id. */
  show(value: T): number;
  /** Takes message `id` away early (e.g. the user tapped it); a newer one stays. */
  dismiss(id: number): void;
  /**
   * Message `id` is on screen now: its full lifetime counts from here. A busy page may render it
   * a while after `show`, and the user should still see it for all of `lifetimeMs`.
   */
  onScreen(id: number): void;
}

/**
 * A slot for short-lived messages (the toast, the notify banner): one at a time, a new one replaces
 * the old and gets its full lifetime. The timer lives here, not in a component, so it is tested
 * without a browser; the component that shows a message restarts it when the message reaches the
 * screen (`onScreen`, useOnScreen), so a slow render does not shorten what the user sees.
 */
export function createTimedMessages<T>(lifetimeMs: number): TimedMessages<T> {
  const store = createStore<TimedMessage<T> | null>(null);
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dismiss = (id: number) => {
    if (store.get()?.id !== id) return;
    clearTimeout(timer);
    store.set(null);
  };
  const startLifetime = (id: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => dismiss(id), lifetimeMs);
  };
  return {
    store,
    lifetimeMs,
    show(value) {
      clearTimeout(timer);
      const id = nextId++;
      store.set({ id, value });
      startLifetime(id);
      return id;
    },
    dismiss,
    onScreen(id) {
      if (store.get()?.id === id) startLifetime(id);
    },
  };
}

/**
 * Tells `slot` when message `id` is first painted: at the next animation frame after the commit
 * that put it in the page. A layout effect alone is too early: after a sign-in the same commit goes
 * on re-rendering the page, and on a busy phone the paint came 120 ms after the toast's node was in
 * the page, so the user saw it 1,880 ms. (A hidden tab paints no frame: the lifetime `show` started
 * then takes the message away.)
 */
export function useOnScreen<T>(slot: TimedMessages<T>, id: number | undefined): void {
  useLayoutEffect(() => {
    if (id === undefined) return;
    const frame = requestAnimationFrame(() => slot.onScreen(id));
    return () => cancelAnimationFrame(frame);
  }, [slot, id]);
}
