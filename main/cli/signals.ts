/*
 * Ctrl-C, SIGTERM and SIGHUP for a command. The first of any asks the command to cancel its work gracefully;
 * a second Ctrl-C forces it (tools are SIGKILLed at once). The process never dies of the signal itself: the
 * command records its prompts `cancelled`, closes the engine (releasing the data folder) and exits on its own.
 */

/** The exit code of a command stopped by a forced interrupt (128 + SIGINT), as shells report it. */
export const EXIT_INTERRUPTED = 130;

/** `none`: nothing asked; `cancel`: stop gracefully; `force`: stop now. It only ever rises. */
export type InterruptLevel = 'none' | 'cancel' | 'force';

export interface Interrupts {
  readonly level: InterruptLevel;
  /** Called each time the level rises, with the new level. */
  onChange(listener: (level: Exclude<InterruptLevel, 'none'>) => void): () => void;
  /** Settles once the level is at least `cancel`. */
  readonly asked: Promise<void>;
  /** Removes the signal handlers (the process's default handling comes back). */
  dispose(): void;
}

/** What signals are read from: the process, or an emitter in tests. */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: () => void): unknown;
  off(signal: NodeJS.Signals, listener: () => void): unknown;
}

const GRACEFUL: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGHUP'];

export function listenForInterrupts(source: SignalSource = process): Interrupts {
  let level: InterruptLevel = 'none';
  const listeners = new Set<(level: Exclude<InterruptLevel, 'none'>) => void>();
  let settleAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (settleAsked = resolve));

  const raise = (to: Exclude<InterruptLevel, 'none'>): void => {
    if (level === to || level === 'force') return;
    level = to;
    settleAsked();
    for (const listener of [...listeners]) listener(to);
  };
  // A second Ctrl-C forces; SIGTERM and SIGHUP always ask for the graceful stop (a supervisor's SIGTERM after a
  // Ctrl-C must not turn into a SIGKILL of the tools).
  const onInt = (): void => raise(level === 'none' ? 'cancel' : 'force');
  const onGraceful = (): void => raise('cancel');

  source.on('SIGINT', onInt);
  for (const signal of GRACEFUL) source.on(signal, onGraceful);

  return {
    get level() {
      return level;
    },
    asked,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      source.off('SIGINT', onInt);
      for (const signal of GRACEFUL) source.off(signal, onGraceful);
      listeners.clear();
    },
  };
}
