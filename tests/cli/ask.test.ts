import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../shared/events';
import type { ApprovalAnswer } from '../../shared/policy';
import { err, ok, type Result } from '../../shared/result';
import { answerText, createTerminalAsker } from '../../main/cli/ask';
import type { CliIo } from '../../main/cli/io';

type Requested = Extract<EngineEvent, { type: 'approval_requested' }>;
type Resolved = Extract<EngineEvent, { type: 'approval_resolved' }>;

const base = { seq: 1, ts: '2026-12-01T00:00:00.000Z', sessionId: 's1', sessionRef: 'aaaaaa', sessionName: 'beside', promptId: 'p1', promptRef: 'bbbbbb' };

function requested(id: string): Requested {
  return {
    ...base,
    type: 'approval_requested',
    approvalId: id,
    approvalRef: `ref-${id}`,
    callId: `call-${id}`,
    tool: 'Write',
    input: { path: `${id}.md` },
    decision: { decision: 'needs_approval', rule: null, source: 'builtin', reason: 'writes a file' },
    alwaysRule: null,
  } as Requested;
}

function resolved(id: string, answer: ApprovalAnswer | null, status: Resolved['status'] = answer?.kind === 'deny' ? 'denied' : 'approved'): Resolved {
  return { ...base, type: 'approval_resolved', approvalId: id, approvalRef: `ref-${id}`, status, answer };
}

/** An asker on an in-memory terminal; `answers` records what it sent, `reply` decides the engine's answer. */
function setup(reply: (id: string, a: ApprovalAnswer) => Result<unknown> = () => ok(null)) {
  const stdin = new PassThrough();
  const stderr: string[] = [];
  const answers: { id: string; answer: ApprovalAnswer }[] = [];
  let sent: () => void = () => undefined;
  const wrote = new Set<() => void>();
  const io: CliIo = {
    stdin,
    stdout: () => undefined,
    stderr: (l) => {
      stderr.push(l);
      for (const look of [...wrote]) look();
    },
    env: {},
    home: '/nowhere',
  };
  const asker = createTerminalAsker(io, async (id, answer) => {
    answers.push({ id, answer });
    sent();
    return reply(id, answer);
  });
  const nextAnswer = (): Promise<void> => new Promise((resolve) => (sent = resolve));
  const asked = (id: string): boolean => stderr.some((l) => l.startsWith(`approval ref-${id} |`));
  /** Resolves once the terminal shows the question about `id` (now or with a later line). */
  const shows = (id: string): Promise<void> =>
    new Promise((resolve) => {
      const look = (): void => {
        if (!asked(id)) return;
        wrote.delete(look);
        resolve();
      };
      wrote.add(look);
      look();
    });
  return { stdin, stderr, answers, asker, nextAnswer, asked, shows };
}

describe('the terminal asker beside other clients', () => {
  it('stops waiting for a question answered elsewhere, says how, and asks the next one', async () => {
    const t = setup();
    t.asker.ask(requested('a1'));
    t.asker.ask(requested('a2'));
    expect(t.asked('a1')).toBe(true);
    expect(t.asked('a2')).toBe(false);

    t.asker.resolved(resolved('a1', { kind: 'allow_once' }));
    await t.shows('a2');
    expect(t.stderr).toContain('approval ref-a1 answered elsewhere: allowed once');

    // The next line typed answers the question now on the terminal, not the one answered elsewhere.
    const sent = t.nextAnswer();
    t.stdin.write('n not now\n');
    await sent;
    expect(t.answers).toEqual([{ id: 'a2', answer: { kind: 'deny', message: 'not now' } }]);
    t.asker.close();
  });

  it('drops a queued question answered elsewhere before it was shown', async () => {
    const t = setup();
    t.asker.ask(requested('b1'));
    t.asker.ask(requested('b2'));
    t.asker.ask(requested('b3'));
    t.asker.resolved(resolved('b2', { kind: 'deny', message: 'no' }));
    const first = t.nextAnswer();
    t.stdin.write('y\n');
    await first;
    await t.shows('b3');
    expect(t.asked('b2')).toBe(false);
    const second = t.nextAnswer();
    t.stdin.write('s\n');
    await second;
    expect(t.answers.map((a) => a.id)).toEqual(['b1', 'b3']);
    expect(t.stderr.join('\n')).not.toContain('answered elsewhere');
    t.asker.close();
  });

  it('prints the engine\'s refusal politely when its answer came after another one', async () => {
    const t = setup(() => err('invalid_state', 'approval ref-c1 is already approved'));
    t.asker.ask(requested('c1'));
    t.asker.ask(requested('c2'));
    const sent = t.nextAnswer();
    t.stdin.write('y\n');
    await sent;
    // The engine's own approval_resolved for the other client's answer arrives while this one is on its way.
    t.asker.resolved(resolved('c1', { kind: 'allow_session' }));
    await t.shows('c2');
    expect(t.stderr).toContain('your answer to approval ref-c1 was not used: approval ref-c1 is already approved');
    expect(t.stderr.join('\n')).not.toContain('answered elsewhere');
    t.asker.close();
  });

  it('says a question went away with its cancelled prompt', async () => {
    const t = setup();
    t.asker.ask(requested('d1'));
    t.asker.resolved(resolved('d1', null, 'cancelled'));
    expect(t.stderr).toContain('approval ref-d1 no longer needs an answer: it was cancelled with its prompt');
    t.asker.close();
    expect(t.answers).toEqual([]);
  });

  it('reads answers in words', () => {
    expect(answerText({ status: 'approved', answer: { kind: 'allow_once' } })).toBe('allowed once');
    expect(answerText({ status: 'approved', answer: { kind: 'allow_session' } })).toBe('allowed for the session');
    expect(answerText({ status: 'approved', answer: { kind: 'allow_always' } })).toBe('always allowed');
    expect(answerText({ status: 'denied', answer: { kind: 'deny', message: 'not now' } })).toBe('denied: not now');
    expect(answerText({ status: 'denied', answer: { kind: 'deny' } })).toBe('denied');
  });
});
