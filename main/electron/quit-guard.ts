/*
 * Clean shutdown: the first quit request is held back (preventDefault) while everything the app owns is
 * closed in order (desktop integrations, then the engine, which cancels running turns and records them),
 * then the quit is repeated and let through. A stuck close does not keep the app alive forever.
 */

export interface QuitGuardOptions {
  /** Closers run in order; an error in one is reported and the next still runs. */
  closers: ReadonlyArray<() => Promise<void> | void>;
  /** Re-issues the quit once closing is done (app.quit). */
  quit(): void;
  timeoutMs?: number;
  report?(error: unknown): void;
}

export interface QuitGuard {
  /** Call from `before-quit`; returns true when the quit was held back to close things first. */
  onBeforeQuit(preventDefault: () => void): boolean;
  readonly state: 'running' | 'closing' | 'closed';
  /** Settles once closing has finished (or timed out). */
  readonly closed: Promise<void>;
}

export function createQuitGuard(options: QuitGuardOptions): QuitGuard {
  let state: QuitGuard['state'] = 'running';
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function closeAll(): Promise<void> {
    for (const close of options.closers) {
      try {
        await close();
      } catch (error) {
        options.report?.(error);
      }
    }
  }

  return {
    get state() {
      return state;
    },
    closed,
    onBeforeQuit(preventDefault) {
      if (state === 'closed') return false;
      preventDefault();
      if (state === 'closing') return true;
      state = 'closing';
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          options.report?.(new Error(`shutdown took longer than ${timeoutMs} ms; quitting anyway`));
          resolve();
        }, timeoutMs);
      });
      void Promise.race([closeAll(), timeout]).then(() => {
        clearTimeout(timer);
        state = 'closed';
        markClosed();
        options.quit();
      });
      return true;
    },
  };
}
