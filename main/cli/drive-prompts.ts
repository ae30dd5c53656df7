import type { Engine } from '../core/engine';
import type { EngineEvent } from '../../shared/events';
import type { PromptSummary } from '../../shared/models';
import { isTerminal, type PromptStatus } from '../../shared/status';
import { createTerminalAsker } from './ask';
import { eventJsonLine, eventTextLine } from './format';
import { EXIT_FAILED, EXIT_OK, type CliIo } from './io';

export interface DriveOptions {
  json: boolean;
  approve: string;
}

/**
 * Runs prompts headless to their end: prints every event (JSON lines or text), asks approvals on the terminal
 * with `--approve ask`, cancels on Ctrl-C, and resolves once every tracked prompt has ended. `start` sends or
 * resumes the prompts and tracks each one; it returns an exit code to stop early (bad usage), or null.
 * Exit: 0 when every tracked prompt completed, 1 otherwise.
 */
export async function drivePrompts(
  engine: Engine,
  io: CliIo,
  opts: DriveOptions,
  start: (track: (prompt: PromptSummary) => void) => Promise<number | null>,
): Promise<number> {
  const h = engine.handlers;
  const statuses = new Map<string, PromptStatus>();
  let settle: (() => void) | null = null;
  const allDone = new Promise<void>((r) => (settle = r));
  const checkDone = (): void => {
    if ([...statuses.values()].every(isTerminal)) settle?.();
  };

  const asker =
    opts.approve === 'ask'
      ? createTerminalAsker(io, async (approvalId, answer) => {
          const r = await h['approval.answer']({ approval: approvalId, answer });
          if (!r.ok) io.stderr(`paragents: ${r.error.message}`);
        })
      : null;

  // This engine runs only what this command asked for (no recovery of other work), so every event is ours.
  const unsubscribe = engine.onEvent((e: EngineEvent) => {
    if (e.type === 'assistant_delta' || e.type === 'reasoning_delta') return;
    if (opts.json) io.stdout(eventJsonLine(e));
    else {
      const line = eventTextLine(e);
      if (line) io.stdout(line);
    }
    if (e.type === 'approval_requested') asker?.ask(e);
    if (e.type === 'prompt_status' && e.promptId) {
      statuses.set(e.promptId, e.status);
      checkDone();
    }
  });

  const interrupt = (): void => {
    for (const [id, s] of statuses) if (!isTerminal(s)) void h['prompt.cancel']({ prompt: id });
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  try {
    const early = await start((p) => {
      if (!statuses.has(p.id)) statuses.set(p.id, p.status);
    });
    if (early !== null) {
      interrupt();
      return early;
    }
    checkDone();
    await allDone;
    return [...statuses.values()].every((s) => s === 'completed') ? EXIT_OK : EXIT_FAILED;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    unsubscribe();
    asker?.close();
  }
}
