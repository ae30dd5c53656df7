import { createInterface } from 'node:readline';
import type { ApprovalAnswer } from '../../shared/policy';
import type { EngineEvent } from '../../shared/events';
import type { CliIo } from './io';

type Requested = Extract<EngineEvent, { type: 'approval_requested' }>;

/**
 * `--approve ask`: questions are asked one at a time on the terminal, in the order they arrive, while the
 * other sessions keep running.
 */
export function createTerminalAsker(io: CliIo, answer: (approvalId: string, a: ApprovalAnswer) => Promise<void>) {
  const rl = createInterface({ input: io.stdin, terminal: false });
  const lines: string[] = [];
  let waiting: ((line: string | null) => void) | null = null;
  let ended = false;
  rl.on('line', (line) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w(line);
    } else lines.push(line);
  });
  rl.on('close', () => {
    ended = true;
    waiting?.(null);
  });
  const nextLine = (): Promise<string | null> =>
    lines.length > 0 ? Promise.resolve(lines.shift() ?? null) : ended ? Promise.resolve(null) : new Promise((r) => (waiting = r));

  let chain = Promise.resolve();
  return {
    ask(e: Requested): void {
      chain = chain.then(async () => {
        const who = e.sessionName ?? e.sessionRef;
        for (;;) {
          io.stderr(
            `approval ${e.approvalRef} | session ${who} | ${e.tool} ${JSON.stringify(e.input)}\n  ${e.decision.reason}\n` +
              `  allow? [y]es once / [s]ession / [a]lways${e.alwaysRule ? ` (${e.alwaysRule})` : ''} / [n]o`,
          );
          const line = await nextLine();
          if (line === null) {
            await answer(e.approvalId, { kind: 'deny', message: 'no answer: the terminal closed' });
            return;
          }
          const a = parseAnswer(line);
          if (a) {
            await answer(e.approvalId, a);
            return;
          }
          io.stderr('please input y, s, a or n');
        }
      });
    },
    close(): void {
      rl.close();
    },
  };
}

export function parseAnswer(line: string): ApprovalAnswer | null {
  const t = line.trim().toLowerCase();
  if (t === 'y' || t === 'yes') return { kind: 'allow_once' };
  if (t === 's' || t === 'session') return { kind: 'allow_session' };
  if (t === 'a' || t === 'always') return { kind: 'allow_always' };
  if (t === 'n' || t === 'no') return { kind: 'deny' };
  if (t.startsWith('n ') || t.startsWith('no ')) return { kind: 'deny', message: line.trim().replace(/^\S+\s+/, '') };
  return null;
}
