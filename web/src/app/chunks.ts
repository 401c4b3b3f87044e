/**
 * Time limits of loading code (spec §8/§9). A page's code is an async page: its loading view shows
 * only after 200 ms (no flash on a fast network) and it fails after 60000 ms, when Retry is
 * offered. Other code chunks (loaded outside a page) fail after 120 s.
 */
export const ASYNC_PAGE_DELAY_MS = 200;
export const ASYNC_PAGE_TIMEOUT_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class LoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`code did not load within ${ms} ms`);
    this.name = 'LoadTimeoutError';
  }
}

/** `loading`, or a LoadTimeoutError once `ms` have passed without it settling. */
export function withTimeout<T>(loading: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadTimeoutError(ms)), ms);
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
