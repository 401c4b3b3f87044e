/**
 * SIGTERM/SIGINT: stop accepting, let what is in flight finish, exit within `hardLimitMs` (10 s:
 * what a process supervisor or orchestrator waits before SIGKILL) even if closing hangs.
 */
export function exitOnSignals(
  close: () => Promise<void>,
  options: { hardLimitMs?: number; log?: (message: string) => void } = {},
): void {
  const hardLimitMs = options.hardLimitMs ?? 10_000;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      options.log?.(`${signal}: draining`);
      setTimeout(() => {
        options.log?.(`still closing after ${hardLimitMs} ms: exiting`);
        process.exit(1);
      }, hardLimitMs).unref();
      close().then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(err);
          process.exit(1);
        },
      );
    });
  }
}
