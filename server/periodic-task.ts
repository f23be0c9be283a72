/** A background pass the server runs now and then (mail retries, the notification mail queue). */
export interface PeriodicTask {
  /** No pass starts after this; resolves once the pass in flight, if any, has ended. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` at once and then `intervalMs` after each pass ends, until stopped. One pass at a time:
 * a slow pass delays the next instead of overlapping it. `stop()` waits for the pass in flight, so a
 * server that closes its database right after stopping never takes it from under a pass (which
 * ended in "driver has already been destroyed" at shutdown).
 */
export function startPeriodicTask(
  pass: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): PeriodicTask {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = pass()
      .then(() => undefined, onError)
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(run, intervalMs);
        timer.unref();
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
