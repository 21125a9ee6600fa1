/**
 * Waiting for a condition over the fake's state: re-checked whenever something reports a change,
 * and on a short poll as well, because some conditions depend on time passing (a quiet period).
 */
export function waitUntil<T>(
  check: () => T | undefined | null | false,
  options: {
    readonly timeoutMs: number;
    /** Registers a callback for changes; returns the way to unregister it. */
    readonly subscribe: (onChange: () => void) => () => void;
    readonly explain: () => string;
    readonly pollMs?: number;
  },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let finished = false;
    let unsubscribe = (): void => {};
    let poll: ReturnType<typeof setInterval> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (): void => {
      finished = true;
      unsubscribe();
      clearInterval(poll);
      clearTimeout(timer);
    };
    const attempt = (): void => {
      if (finished) return;
      let value: T | undefined | null | false;
      try {
        value = check();
      } catch (error) {
        finish();
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (value === undefined || value === null || value === false) return;
      finish();
      resolve(value);
    };
    unsubscribe = options.subscribe(attempt);
    poll = setInterval(attempt, options.pollMs ?? 20);
    timer = setTimeout(() => {
      finish();
      reject(new Error(options.explain()));
    }, options.timeoutMs);
    attempt();
  });
}
