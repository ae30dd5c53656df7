import { beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { runCli } from '../helpers/cli';
import { main } from '../../main/cli/main';
import { cliIn, type InProcessRun } from './in-process';
import type { EngineEvent } from '../../shared/events';
import { transcriptMarkdown } from '../../shared/transcript-markdown';
import { buildTranscript, inheritedEvents } from '../../shared/transcript';
import { transcriptLines } from '../../main/cli/sessions-show';
import { createEngine } from '../../main/core/engine';
import { openStore } from '../../main/core/store/store';
import { CompactionStore } from '../../main/core/context/compaction-store';
import { settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  scope: 'file',
  script: {
    rules: [
      {
        when: 'write the report',
        steps: [
          { content: 'Writing it.', toolCalls: [{ name: 'Write', arguments: { path: 'report.md', content: '# report\n' } }] },
          { toolCalls: [{ name: 'Bash', arguments: { command: 'rm -rf /tmp/nothing-here' } }] },
          { content: 'The report is written.' },
        ],
      },
    ],
  },
});
let home: string;
let ws: string;
/** The lines `paragents run --json` printed for the session "report". */
let runLines: string[];

beforeAll(async () => {
  home = fx.home();
  ws = tempDir();
  writeFileSync(join(ws, 'AGENTS.md'), 'Keep reports short.\n');
  const r = await runCli(['run', '--workspace', ws, '--prompt', 'please write the report\nin markdown', '--session', 'report', '--approve', 'never', '--json'], { home });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  runLines = r.stdout.split('\n').filter((l) => l.startsWith('{'));
});

/** Runs the CLI in this process (the engine is opened and closed by the command). */
const cli = (args: string[]): Promise<InProcessRun> => cliIn(home, args);

describe('paragents sessions show', () => {
  it('--json prints the stored events exactly as `run --json` printed them, line for line', async () => {
    const r = await runCli(['sessions', 'show', 'report', '--json'], { home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const shown = r.stdout.split('\n').filter((l) => l.length > 0);
    expect(runLines.length).toBeGreaterThan(8);
    expect(shown).toEqual(runLines);
    // Each line carries its seq, in order.
    const seqs = shown.map((l) => (JSON.parse(l) as { seq: number }).seq);
    expect(seqs.every((s, i) => i === 0 || s > (seqs[i - 1] as number))).toBe(true);
  });

  it('prints a readable transcript: prompts, answers, tool calls with their decisions and results, outcome', async () => {
    const r = await cli(['sessions', 'show', 'report']);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    const text = r.out.join('\n');
    expect(r.out[0]).toMatch(/^Session [0-9a-f]{6} "report" · completed · mode default \(built in\) · 1 prompt · [\d,]+ tokens used$/);
    expect(text).toContain(`Workspace: ${ws}`);
    expect(text).toMatch(/\[P:[0-9a-f]{6}\] you:\n {4}please write the report\n {4}in markdown/);
    expect(text).toMatch(/assistant:\n {4}Writing it\./);
    // --approve never: the Write needed approval and was blocked; the policy's reason is shown.
    expect(text).toMatch(/tool Write \{"path":"report\.md","content":"# report\\n"\}\n {4}policy: blocked/);
    expect(text).toMatch(/tool Bash \{"command":"rm -rf \/tmp\/nothing-here"\}\n {4}policy: blocked/);
    expect(text).toMatch(/ {4}error: blocked by policy/);
    expect(text).toMatch(/assistant:\n {4}The report is written\.\n\[P:[0-9a-f]{6}\] completed$/);
    // The final answer appears once, not again for turn_completed.
    expect(text.split('The report is written.').length).toBe(2);
  });

  it('--markdown exports the same transcript as Markdown', async () => {
    const r = await cli(['sessions', 'show', 'report', '--markdown']);
    expect(r.code).toBe(0);
    const md = r.out.join('\n');
    expect(md).toMatch(/^# Session report \([0-9a-f]{6}\)\n\n- Workspace: `.+`/);
    expect(md).toMatch(/## Prompt 1 · `[0-9a-f]{6}`\n\n> please write the report\n> in markdown/);
    expect(md).toContain('**Tool `Write`** — blocked');
    expect(md).toContain('```json\n{\n  "path": "report.md",\n  "content": "# report\\n"\n}\n```');
    expect(md).toMatch(/Error:\n\n```\nblocked by policy/);
    expect(md).toContain('*Turn completed.*');
  });

  it('--events prints the raw log, one line per stored event with its seq and type', async () => {
    const r = await cli(['sessions', 'show', 'report', '--events']);
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(runLines.length);
    r.out.forEach((line, i) => {
      const e = JSON.parse(runLines[i] as string) as { seq: number; type: string };
      expect(line).toMatch(new RegExp(`^ *${e.seq}  \\d{4}-\\d\\d-\\d\\dT[^ ]+  ${e.type} `));
    });
    expect(r.out.find((l) => l.includes(' tool_call '))).toMatch(/"decision":\{"decision":"blocked"/);
  });

  it('--context lists what the model sees with token counts per part', async () => {
    const r = await cli(['sessions', 'show', 'report', '--context']);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    const text = r.out.join('\n');
    expect(r.out[0]).toMatch(/^Context of session [0-9a-f]{6} · scripted-model on scripted · tokenizer \w+ · window [\d,]+ tokens \((default|table|config|endpoint)\)$/);
    const tokens = (label: string): number => {
      const line = r.out.find((l) => l.trimStart().startsWith(label));
      expect(line, label).toBeDefined();
      return Number((line as string).match(/([\d,]+) tokens/)?.[1]?.replace(/,/g, ''));
    };
    expect(tokens('system prompt')).toBeGreaterThan(50);
    expect(tokens(join(ws, 'AGENTS.md'))).toBeGreaterThan(3);
    expect(tokens('your prompts')).toBeGreaterThan(5);
    expect(tokens('answers and tool results')).toBeGreaterThan(10);
    expect(tokens('tool specs')).toBeGreaterThan(100);
    // Where the model stands (date, platform, git) is its own part, rebuilt each turn.
    expect(tokens('environment')).toBeGreaterThan(20);
    const parts = ['system prompt', join(ws, 'AGENTS.md'), 'environment', 'your prompts', 'answers and tool results', 'tool specs'].map(tokens);
    expect(tokens('total')).toBe(parts.reduce((a, b) => a + b, 0));
    expect(text).toMatch(/your prompts +[\d,]+ tokens \(1 message\)/);
  });

  it('--context of a compacted session shows the summary and the verbatim prompts as their own parts', async () => {
    const compactedHome = fx.home();
    const engine = await createEngine({ home: compactedHome, env: {}, approvals: 'all', recover: false });
    let sessionId: string;
    try {
      const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'long' }));
      sessionId = s.id;
      for (const text of ['first question', 'second question']) {
        const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text }));
        expect(await settled(engine, p.id)).toBe('completed');
      }
    } finally {
      await engine.close();
    }
    const { store, db } = openStore(join(compactedHome, 'paragents.db'));
    const firstTurnEnd = store.transcript.list(sessionId).filter((m) => m.message.role === 'assistant')[0]?.id as number;
    new CompactionStore(db).add({
      sessionId, coversThrough: firstTurnEnd, summary: 'The person asked a first question; it was answered.', note: null,
      promptsBlock: "## The person's earlier prompts, verbatim, oldest first\n\n1. first question", prunedIds: [], headTokens: 45,
      encoding: 'cl100k_base', tokensBefore: 200, tokensAfter: 120, reason: 'manual', prunedToolOutputs: 0, summaryTokens: 12,
      focus: null, summaryError: null,
    });
    store.close();

    const out: string[] = [];
    const code = await main(['sessions', 'show', 'long', '--context'], { stdin: Readable.from(['']), stdout: (l) => out.push(l), stderr: (l) => out.push(l), env: {}, home: compactedHome });
    expect(code).toBe(0);
    expect(out[1]).toBe('The view is compacted: older turns are replaced by a summary and your prompts.');
    expect(out.find((l) => l.includes('summary (manual compaction'))).toMatch(/ [\d,]+ tokens$/);
    // The prompt after the cut is shown whole; the first one is in the verbatim list of the head message.
    expect(out.find((l) => l.includes('your prompts (verbatim)'))).toMatch(/tokens \(1 message\)$/);
  });

  it('an unknown session is one sentence naming it, exit 2', async () => {
    const r = await cli(['sessions', 'show', 'no-such-session']);
    expect(r.code).toBe(2);
    expect(r.out).toEqual([]);
    expect(r.err).toEqual(['paragents sessions show: session not found: "no-such-session"']);
    const both = await cli(['sessions', 'show', 'report', '--json', '--markdown']);
    expect(both.code).toBe(2);
    expect(both.err[0]).toMatch(/choose one of --json, --markdown/);
  });
});

describe('transcript of stored events (shared by the CLI and the panel export)', () => {
  const base = { sessionId: 's1', sessionRef: 'aaaaaa', sessionName: null, ts: '2025-01-01T00:00:00.000Z' };
  let seq = 0;
  const ev = (e: Record<string, unknown>): EngineEvent => ({ ...base, promptId: 'p1', promptRef: 'bbbbbb', ...e, seq: ++seq }) as EngineEvent;

  it('shows a compaction marker with its figures and the summary folded away, and approvals with their answers', () => {
    const events = [
      ev({ type: 'session_created', promptId: null, promptRef: null, workspace: '/w' }),
      ev({ type: 'prompt_queued', text: 'fix the bug', position: 1 }),
      ev({ type: 'tool_call', callId: 'c1', tool: 'Bash', input: { command: 'make ```x```' }, decision: { decision: 'needs_approval', rule: null, source: 'mode', reason: 'asks' } }),
      ev({ type: 'approval_requested', approvalId: 'a1', approvalRef: 'cccccc', callId: 'c1', tool: 'Bash', input: { command: 'make' }, decision: { decision: 'needs_approval', rule: null, source: 'mode', reason: 'asks' }, alwaysRule: null }),
      ev({ type: 'approval_resolved', approvalId: 'a1', approvalRef: 'cccccc', status: 'denied', answer: { kind: 'deny', message: 'not now' } }),
      ev({ type: 'tool_result', callId: 'c1', tool: 'Bash', ok: false, output: null, error: 'the user denied this call.' }),
      ev({ type: 'context_compacted', reason: 'auto', tokensBefore: 120000, tokensAfter: 30000, prunedToolOutputs: 12, summaryTokens: 1200, summary: 'Goal: fix the bug.', summaryError: null }),
      ev({ type: 'context_compacted', reason: 'overflow', tokensBefore: 9000, tokensAfter: 7000, prunedToolOutputs: 3, summaryTokens: 0, summary: null, summaryError: 'the model server answered 500' }),
      ev({ type: 'turn_failed', error: 'model unreachable' }),
    ];
    const md = transcriptMarkdown(events);
    expect(md).toContain('> **Context compacted** (auto): 120,000 → 30,000 tokens · 12 tool outputs pruned · summary 1,200 tokens');
    expect(md).toContain('<details><summary>Summary</summary>\n\nGoal: fix the bug.\n\n</details>');
    expect(md).toContain('Approval `cccccc`: denied (deny): not now');
    // A fence longer than any backtick run in the content.
    expect(md).toContain('````json\n{\n  "command": "make ```x```"\n}\n````');
    expect(md).toContain('*Turn failed: model unreachable.*');
    expect(md).toContain('> **Context compacted** (overflow): 9,000 → 7,000 tokens · 3 tool outputs pruned\n>\n> No summary could be written (the model server answered 500); old tool outputs were pruned instead.');
    const entries = buildTranscript(events);
    expect(entries.map((e) => e.kind)).toEqual(['session', 'prompt', 'tool', 'compaction', 'compaction', 'outcome']);
    expect(transcriptLines(entries)).toEqual(
      expect.arrayContaining([
        '[P:bbbbbb] ── context compacted (auto): 120,000 → 30,000 tokens, 12 tool outputs pruned, summary 1,200 tokens ──',
        '[P:bbbbbb] ── context compacted (overflow): 9,000 → 7,000 tokens, 3 tool outputs pruned, no summary (the model server answered 500) ──',
        '    approval cccccc: denied (deny: not now)',
      ]),
    );
  });

  it('a fork inherits the finished prompts up to its fork point only', () => {
    const p = (promptId: string, e: Record<string, unknown>) => ev({ promptId, promptRef: promptId, ...e });
    const source = [
      ev({ type: 'session_created', promptId: null, promptRef: null, workspace: '/w' }),
      p('p1', { type: 'prompt_queued', text: 'first', position: 1 }),
      p('p1', { type: 'prompt_status', status: 'completed' }),
      p('p2', { type: 'prompt_queued', text: 'second, still running at the fork', position: 1 }),
      p('p2', { type: 'prompt_status', status: 'running' }),
    ];
    const at = seq;
    source.push(p('p2', { type: 'prompt_status', status: 'completed' }), p('p3', { type: 'prompt_queued', text: 'after the fork', position: 1 }));
    const inherited = inheritedEvents(source, at);
    expect(inherited.flatMap((e) => (e.type === 'prompt_queued' ? [e.text] : []))).toEqual(['first']);
  });
});
