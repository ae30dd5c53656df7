import { cliText, engineError } from './cli-text';
import { closeDataFolderToOthers } from './data-folder-modes';
import { openEngineLink, type EngineLink } from './engine-link';
import { EXIT_USAGE, type CliIo } from './io';
import { EXIT_INTERRUPTED, listenForInterrupts, type Interrupts } from './signals';

export interface EngineCommand {
  /** How messages name the command: "run", "sessions list". */
  name: string;
  /** `read`: never takes the data folder's lock (with no engine running it reads the database read-only). */
  purpose: 'read' | 'write';
  /** `config`: it reads only the configuration, so no database is opened for it when no engine runs. */
  reads?: 'all' | 'config';
  /**
   * The command drives prompts and answers interrupts itself (cancel, then force). Otherwise an interrupt stops
   * the command after closing the engine: it does one request, and nothing of it is left running.
   */
  drivesPrompts?: boolean;
}

/**
 * Runs a command's body with the engine of the data folder: the running one (the desktop app, `serve`, another
 * command) joined through its local endpoint, else one this command starts (with the engine's own defaults,
 * recovering nobody's work, so that the prompts other commands send to it behave as they asked). The engine is
 * closed (or the connection dropped) whatever happens, signals included. Not reaching or opening an engine is
 * one sentence and exit 2.
 */
export async function withEngine(
  io: CliIo,
  command: EngineCommand,
  body: (link: EngineLink, interrupts: Interrupts) => Promise<number>,
): Promise<number> {
  // Listening before the engine opens: a Ctrl-C while it starts is heard, and the engine still closed.
  const interrupts = listenForInterrupts();
  try {
    closeDataFolderToOthers(io);
    const opened = await openEngineLink(io, { purpose: command.purpose, reads: command.reads ?? 'all', engine: { recover: false } });
    if (!opened.ok) {
      io.stderr(`paragents ${command.name}: ${engineError(io, opened.error)}`);
      return EXIT_USAGE;
    }
    const link = opened.value;
    try {
      if (command.drivesPrompts) return await body(link, interrupts);
      const work = body(link, interrupts);
      // The body may fail once the engine is closed under it; that is the interrupt's doing, not a new failure.
      work.catch(() => undefined);
      let answered = false;
      const stopped = interrupts.asked.then(() => {
        // Heard while the engine closes after the work is done: the work's code stands.
        if (!answered) io.stderr(cliText(io).t('cliErrors.interrupted', { command: command.name }));
        return EXIT_INTERRUPTED;
      });
      const code = await Promise.race([work, stopped]);
      answered = true;
      return code;
    } finally {
      await waitForJoined(io, link, interrupts);
      await link.close();
    }
  } finally {
    interrupts.dispose();
  }
}

/**
 * An engine this command hosts stays while commands that joined it are still connected (their prompts may not
 * even be sent yet); an interrupt stops the wait and closes it.
 */
async function waitForJoined(io: CliIo, link: EngineLink, interrupts: Interrupts): Promise<void> {
  const joined = link.joined;
  if (!joined || joined.count() === 0 || interrupts.level !== 'none') return;
  io.stderr(cliText(io).t('cliErrors.waitingJoined', { count: joined.count() }));
  await Promise.race([joined.gone(), interrupts.asked]);
}
