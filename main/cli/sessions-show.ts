import { parseArgs } from 'node:util';
import type { RequestHandlers } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import type { SessionContext } from '../../shared/session-context';
import { missingCase, type Result } from '../../shared/result';
import { buildTranscript, forkOrigin, inheritedEvents, type ToolEntry, type TranscriptEntry } from '../../shared/transcript';
import { transcriptMarkdown } from '../../shared/transcript-markdown';
import { eventJsonLine } from './format';
import { modeText } from '../../shared/session-mode';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { withEngine } from './with-engine';

export const SESSIONS_SHOW_USAGE = 'usage: paragents sessions show SESSION [--json | --markdown | --events | --context]';

type Handlers = Pick<RequestHandlers, 'session.get' | 'session.events' | 'session.context'>;

/** A stored session read back: transcript (default), stored events as JSON lines, Markdown, raw log, or the model's context. */
export async function runSessionsShow(argv: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, markdown: { type: 'boolean' }, events: { type: 'boolean' }, context: { type: 'boolean' } },
    });
  } catch (e) {
    io.stderr(`paragents sessions show: ${(e as Error).message}\n${SESSIONS_SHOW_USAGE}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    io.stderr(`paragents sessions show: name one session\n${SESSIONS_SHOW_USAGE}`);
    return EXIT_USAGE;
  }
  const forms = (['json', 'markdown', 'events', 'context'] as const).filter((f) => values[f]);
  if (forms.length > 1) {
    io.stderr(`paragents sessions show: choose one of --${forms.join(', --')}\n${SESSIONS_SHOW_USAGE}`);
    return EXIT_USAGE;
  }
  // The model's view is computed by a full engine (token counts, instructions, compactions); the rest is read.
  const purpose = forms[0] === 'context' ? 'write' : 'read';
  return withEngine(io, { name: 'sessions show', purpose }, async (link) => {
    const r = await showSession(link.handlers, positionals[0] as string, forms[0] ?? 'transcript');
    if (!r.ok) {
      io.stderr(`paragents sessions show: ${r.error.message}`);
      return EXIT_USAGE;
    }
    for (const line of r.value) io.stdout(line);
    return EXIT_OK;
  });
}

export type ShowForm = 'transcript' | 'json' | 'markdown' | 'events' | 'context';

/** The lines `sessions show` prints for one session in one form. */
export async function showSession(h: Handlers, query: string, form: ShowForm): Promise<Result<string[]>> {
  const session = await h['session.get']({ session: query });
  if (!session.ok) return session;
  const id = session.value.id;
  switch (form) {
    case 'json': {
      // The stored events, each printed exactly as `paragents run --json` printed it when it happened.
      const own = await storedEvents(h, id);
      return own.ok ? { ok: true, value: own.value.map(eventJsonLine) } : own;
    }
    case 'events': {
      const own = await storedEvents(h, id);
      return own.ok ? { ok: true, value: own.value.map(eventLogLine) } : own;
    }
    case 'markdown': {
      const events = await historyEvents(h, id);
      return events.ok ? { ok: true, value: [transcriptMarkdown(events.value).trimEnd()] } : events;
    }
    case 'transcript': {
      const events = await historyEvents(h, id);
      if (!events.ok) return events;
      const s = session.value;
      const who = s.name ? `${s.ref} "${s.name}"` : s.ref;
      const header = [
        `Session ${who} · ${s.status} · mode ${modeText(s.mode, s.modeSource)} · ${s.prompts.length} prompt${s.prompts.length === 1 ? '' : 's'} · ${s.usage.totalTokens.toLocaleString('en-US')} tokens used`,
        `Workspace: ${s.workspace}${s.worktree ? ` (worktree of ${s.worktree.baseWorkspace}, branch ${s.worktree.branch})` : ''}`,
      ];
      return { ok: true, value: [...header, ...transcriptLines(buildTranscript(events.value))] };
    }
    case 'context': {
      const c = await h['session.context']({ session: id });
      return c.ok ? { ok: true, value: contextLines(c.value) } : c;
    }
    default:
      return missingCase(form);
  }
}

const PAGE = 10_000;

/** Every stored event of the session, in order, read page by page. */
async function storedEvents(h: Handlers, sessionId: string): Promise<Result<EngineEvent[]>> {
  const all: EngineEvent[] = [];
  for (;;) {
    const page = await h['session.events']({ session: sessionId, afterSeq: all.at(-1)?.seq ?? 0, limit: PAGE });
    if (!page.ok) return page;
    all.push(...page.value);
    if (page.value.length < PAGE) return { ok: true, value: all };
  }
}

/** A fork's history: what it copied from its source (and the source's own source…), then its own events. */
async function historyEvents(h: Handlers, sessionId: string, depth = 0): Promise<Result<EngineEvent[]>> {
  const own = await storedEvents(h, sessionId);
  if (!own.ok) return own;
  const origin = forkOrigin(own.value);
  if (!origin || depth >= 32) return own;
  const source = await historyEvents(h, origin.sessionId, depth + 1);
  // A source that can no longer be read leaves the fork's own events, which are still its transcript.
  if (!source.ok) return own;
  return { ok: true, value: [...inheritedEvents(source.value, origin.seq), ...own.value] };
}

/** One line per stored event: seq, time, type, prompt, then the payload as compact JSON. */
export function eventLogLine(e: EngineEvent): string {
  const { seq, ts, type, promptRef, sessionId: _sid, sessionRef: _sref, sessionName: _sname, promptId: _pid, ...payload } = e;
  const body = JSON.stringify(payload);
  return `${String(seq).padStart(6)}  ${ts}  ${type.padEnd(20)} ${(promptRef ? `P:${promptRef}` : '-').padEnd(8)} ${clip(body === '{}' ? '' : body, 400)}`;
}

const INDENT = '    ';

/** The readable transcript: one block per entry, texts kept whole, tool output cut to its first lines. */
export function transcriptLines(entries: readonly TranscriptEntry[]): string[] {
  const out: string[] = [];
  let first = true;
  for (const e of entries) {
    const tag = 'promptRef' in e && e.promptRef ? `[P:${e.promptRef}] ` : '';
    switch (e.kind) {
      case 'session':
        if (first) {
          if (e.forkedFrom) out.push(`Forked from session ${e.forkedFrom.sessionRef}; its finished turns come first.`);
        } else {
          out.push('', `── forked here into session ${e.sessionName ?? e.sessionRef} (${e.ts}) ──`);
        }
        first = false;
        break;
      case 'prompt':
        out.push('', `${tag}you:`, ...indent(e.text));
        break;
      case 'assistant':
        // A step that only thought before its tool calls has no answer text to print.
        if (e.text.trim()) out.push(`${tag}assistant:`, ...indent(e.text));
        break;
      case 'tool':
        out.push(...toolLines(tag, e));
        break;
      case 'compaction': {
        const summary = e.summary !== null ? `, summary ${n(e.summaryTokens)} tokens` : e.summaryError ? `, no summary (${e.summaryError})` : '';
        out.push(
          `${tag}── context compacted (${e.reason}): ${n(e.tokensBefore)} → ${n(e.tokensAfter)} tokens, ${n(e.prunedToolOutputs)} tool outputs pruned${summary} ──`,
        );
        break;
      }
      case 'instructions':
        out.push(
          `${tag}project instructions: ${e.sources.length === 0 ? 'none' : e.sources.map((s) => `${s.path}${s.truncated ? ' (truncated)' : ''}`).join(', ')}`,
        );
        break;
      case 'outcome':
        out.push(`${tag}${e.status}${e.detail ? `: ${e.detail}` : ''}`);
        break;
      case 'note':
        out.push(`${tag}${e.tone === 'info' ? '' : `${e.tone}: `}${e.text}`);
        break;
      case 'closed':
        out.push('', `session closed ${e.ts}`);
        break;
      default:
        return missingCase(e);
    }
  }
  return out;
}

function toolLines(tag: string, t: ToolEntry): string[] {
  const lines = [`${tag}tool ${t.tool} ${clip(JSON.stringify(t.input) ?? '', 300)}`];
  if (t.decision) {
    const by = t.decision.rule ? ` by ${t.decision.rule} from ${t.decision.source} settings` : ` (${t.decision.source})`;
    lines.push(`${INDENT}policy: ${t.decision.decision}${by}: ${t.decision.reason}`);
  }
  if (t.approval) {
    const answer = t.approval.answer ? ` (${t.approval.answer.kind}${t.approval.answer.kind === 'deny' && t.approval.answer.message ? `: ${t.approval.answer.message}` : ''})` : '';
    lines.push(`${INDENT}approval ${t.approval.ref}: ${t.approval.status}${answer}`);
  }
  if (t.result) {
    const text = (t.result.ok ? t.result.output : t.result.error) ?? '';
    const [head, ...more] = firstLines(text, 12);
    lines.push(`${INDENT}${t.result.ok ? 'result' : 'error'}: ${head ?? ''}`, ...more.map((l) => `${INDENT}  ${l}`));
  } else {
    lines.push(`${INDENT}no result recorded`);
  }
  return lines;
}

/** What the model sees now, part by part. */
export function contextLines(c: SessionContext): string[] {
  const window = c.window !== null ? `window ${n(c.window)} tokens${c.windowSource ? ` (${c.windowSource})` : ''}` : 'window unknown';
  const lines = [
    `Context of session ${c.sessionRef} · ${c.model ?? 'no model configured'}${c.provider ? ` on ${c.provider}` : ''} · tokenizer ${c.encoding} · ${window}`,
    c.compacted ? 'The view is compacted: older turns are replaced by a summary and your prompts.' : 'The view is the whole stored transcript (not compacted).',
    '',
  ];
  const labelWidth = Math.max(24, ...c.parts.map((p) => p.label.length + 2));
  for (const p of c.parts) {
    const items = p.kind === 'messages' || p.kind === 'prompts' ? ` (${p.items} message${p.items === 1 ? '' : 's'})` : p.kind === 'tools' ? ` (${p.items} tools)` : '';
    lines.push(`  ${p.label.padEnd(labelWidth)} ${n(p.tokens).padStart(9)} tokens${items}${p.truncated ? ' — truncated at its size cap' : ''}`);
  }
  const share = c.window ? ` of ${n(c.window)} (${((100 * c.totalTokens) / c.window).toFixed(1)} %)` : '';
  lines.push(`  ${'total'.padEnd(labelWidth)} ${n(c.totalTokens).padStart(9)} tokens${share}`);
  return lines;
}

function indent(text: string): string[] {
  return text.replace(/\n+$/, '').split('\n').map((l) => `${INDENT}${l}`);
}

function firstLines(text: string, max: number): string[] {
  const lines = text.replace(/\n+$/, '').split('\n');
  if (lines.length <= max) return lines.map((l) => clip(l, 400));
  return [...lines.slice(0, max).map((l) => clip(l, 400)), `… (${lines.length - max} more lines)`];
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

function n(value: number): string {
  return value.toLocaleString('en-US');
}
