import { useEffect, useMemo, useState } from 'react';

/** Spec §9: the throttle default, 500 ms. */
export const THROTTLE_MS = 500;

export interface Debouncer<A extends unknown[]> {
  /** Calls `fn` with these arguments once no other call came for `ms`. */
  call(...args: A): void;
  cancel(): void;
}

/** `fn` runs once calls have stopped for `ms` (default: the spec's 500 ms), with the last ones. */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  ms = THROTTLE_MS,
): Debouncer<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call(...args) {
      clearTimeout(timer);
      timer = setTimeout(() => fn(...args), ms);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

/** `value`, once it has stopped changing for `ms` (default: the spec's 500 ms). */
export function useDebounced<T>(value: T, ms = THROTTLE_MS): T {
  const [settled, setSettled] = useState(value);
  const debouncer = useMemo(() => debounce((next: T) => setSettled(() => next), ms), [ms]);
  useEffect(() => debouncer.call(value), [debouncer, value]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  return settled;
}
