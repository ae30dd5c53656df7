import { planProgress, type SessionPlan } from '../../shared/plan';
import { parseArgs } from 'node:util';
import type { RequestHandlers } from '../../shared/api';
import type { EngineEvent } from '../../shared/events';
import type { SessionContext } from '../../shared/session-context';
import { missingCase, type Result } from '../../shared/result';
import { buildTranscript, forkOrigin, inheritedEvents, type ToolEntry, type TranscriptEntry } from '../../shared/transcript';
import { transcriptMarkdown } from '../../shared/transcript-markdown';
import { formatNumber, render, shownText, translator, type Translator } from '../../shared/i18n';
import { cliText, type CliText, engineError, modeWords, parseArgsMessage, timeText } from './cli-text';
import { eventJsonLine, withoutMsgs } from './format';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { displayWidth, padEndColumns } from './text-width';
import { usage } from './usage';
import { withEngine } from './with-engine';

export const SESSIONS_SHOW_USAGE = 'paragents sessions show SESSION [--json | --markdown | --events | --context]';

type Handlers = Pick<RequestHandlers, 'session.get' | 'session.events' | 'session.context'>;

/** A stored session read back: transcript (default), stored events as JSON lines, Markdown, raw log, or the model's context. */
export async function runSessionsShow(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  const showUsage = usage(t, SESSIONS_SHOW_USAGE);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, markdown: { type: 'boolean' }, events: { type: 'boolean' }, context: { type: 'boolean' } },
    });
  } catch (e) {
    io.stderr(`paragents sessions show: ${parseArgsMessage(text, e)}\n${showUsage}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    io.stderr(`paragents sessions show: ${t('cliSessions.nameOne')}\n${showUsage}`);
    return EXIT_USAGE;
  }
  const forms = (['json', 'markdown', 'events', 'context'] as const).filter((f) => values[f]);
  if (forms.length > 1) {
    io.stderr(`paragents sessions show: ${t('cliSessions.show.chooseOne', { forms: `--${forms.join(', --')}` })}\n${showUsage}`);
    return EXIT_USAGE;
  }
  // The model's view is computed by a full engine (token counts, instructions, compactions); the rest is read.
  const purpose = forms[0] === 'context' ? 'write' : 'read';
  return withEngine(io, { name: 'sessions show', purpose }, async (link) => {
    const r = await showSession(link.handlers, positionals[0] as string, forms[0] ?? 'transcript', text);
    if (!r.ok) {
      io.stderr(`paragents sessions show: ${engineError(io, r.error)}`);
      return EXIT_USAGE;
    }
    for (const line of r.value) io.stdout(line);
    return EXIT_OK;
  });
}

export type ShowForm = 'transcript' | 'json' | 'markdown' | 'events' | 'context';

/** The lines `sessions show` prints for one session in one form. */
export async function showSession(h: Handlers, query: string, form: ShowForm, text: CliText = { lang: 'en', t: translator('en') }): Promise<Result<string[]>> {
  const { lang, t } = text;
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
      return events.ok ? { ok: true, value: [transcriptMarkdown(events.value, lang).trimEnd()] } : events;
    }
    case 'transcript': {
      const events = await historyEvents(h, id);
      if (!events.ok) return events;
      const s = session.value;
      const who = s.name ? `${s.ref} "${s.name}"` : s.ref;
      const header = [
        t('cliSessions.show.header', {
          who,
          status: t(`cliSessions.status.${s.status}`),
          mode: modeWords(t, s.mode, s.modeSource),
          prompts: t('cliSessions.show.prompts', { count: s.prompts.length }),
          tokens: formatNumber(lang, s.usage.totalTokens),
        }),
        t('cliSessions.show.workspace', {
          workspace: s.workspace,
          worktree: s.worktree ? t('cliSessions.show.worktree', { base: s.worktree.baseWorkspace, branch: s.worktree.branch }) : '',
        }),
        ...planLines(s.plan, t),
      ];
      return { ok: true, value: [...header, ...transcriptLines(buildTranscript(events.value), text)] };
    }
    case 'context': {
      const c = await h['session.context']({ session: id });
      return c.ok ? { ok: true, value: contextLines(c.value, text) } : c;
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
  const body = JSON.stringify(payload, withoutMsgs);
  return `${String(seq).padStart(6)}  ${ts}  ${type.padEnd(20)} ${(promptRef ? `P:${promptRef}` : '-').padEnd(8)} ${clip(body === '{}' ? '' : body, 400)}`;
}

const INDENT = '    ';

/** The readable transcript: one block per entry, texts kept whole, tool output cut to its first lines. */
export function transcriptLines(
  entries: readonly TranscriptEntry[],
  text: CliText = { lang: 'en', t: translator('en') },
): string[] {
  const { lang, t } = text;
  const n = (value: number): string => formatNumber(lang, value);
  const out: string[] = [];
  let first = true;
  for (const e of entries) {
    const tag = 'promptRef' in e && e.promptRef ? `[P:${e.promptRef}] ` : '';
    switch (e.kind) {
      case 'session':
        if (first) {
          if (e.forkedFrom) out.push(t('cliSessions.show.forkedFrom', { ref: e.forkedFrom.sessionRef }));
        } else {
          out.push('', t('cliSessions.show.forkedHere', { session: e.sessionName ?? e.sessionRef, ts: timeText(text, e.ts) }));
        }
        first = false;
        break;
      case 'prompt':
        out.push('', `${tag}${t('cliSessions.show.you')}`, ...indent(e.text));
        break;
      case 'assistant':
        // A step that only thought before its tool calls has no answer text to print.
        if (e.text.trim()) out.push(`${tag}${t('cliSessions.show.assistant')}`, ...indent(e.text));
        break;
      case 'tool':
        out.push(...toolLines(text, tag, e));
        break;
      case 'compaction': {
        const summary =
          e.summary !== null
            ? t('cliSessions.show.summary', { tokens: n(e.summaryTokens) })
            : e.summaryError
              ? t('cliSessions.show.noSummary', { error: e.summaryError })
              : '';
        out.push(
          `${tag}${t('cliSessions.show.compacted', { reason: e.reason, before: n(e.tokensBefore), after: n(e.tokensAfter), pruned: n(e.prunedToolOutputs), summary })}`,
        );
        break;
      }
      case 'instructions':
        out.push(
          `${tag}${t('cli.event.instructions', { list: e.sources.length === 0 ? t('cli.event.instructionsNone') : e.sources.map((s) => `${s.path}${s.truncated ? t('cli.event.truncated') : ''}`).join(', ') })}`,
        );
        break;
      case 'outcome':
        out.push(`${tag}${t(`cliSessions.show.outcome.${e.status}`)}${e.detail ? `: ${e.detailMsg ? render(lang, e.detailMsg) : e.detail}` : ''}`);
        break;
      case 'note':
        // The note as data in the command's language (transcript-notes.ts words it for every client alike).
        out.push(`${tag}${e.tone === 'info' ? '' : t(`cliSessions.show.tone.${e.tone}`)}${render(lang, e.msg)}`);
        break;
      case 'closed':
        out.push('', t('cliSessions.show.closed', { ts: timeText(text, e.ts) }));
        break;
      default:
        return missingCase(e);
    }
  }
  return out;
}

function toolLines({ lang, t }: CliText, tag: string, e: ToolEntry): string[] {
  const lines = [`${tag}${t('cliSessions.show.tool', { tool: e.tool, input: clip(JSON.stringify(e.input) ?? '', 300) })}`];
  if (e.decision) {
    const by = e.decision.rule
      ? t('cliSessions.show.policyByRule', { rule: e.decision.rule, source: e.decision.source })
      : t('cliSessions.show.policyBySource', { source: e.decision.source });
    lines.push(`${INDENT}${t('cliSessions.show.policy', { decision: e.decision.decision, by, reason: shownText(lang, e.decision.reason, e.decision.reasonMsg) })}`);
  }
  if (e.approval) {
    const a = e.approval.answer;
    const answer = a ? ` (${a.kind}${a.kind === 'deny' && a.message ? `: ${a.message}` : ''})` : '';
    lines.push(`${INDENT}${t('cliSessions.show.approval', { ref: e.approval.ref, status: t(`cli.event.approvalStatus.${e.approval.status}`), answer })}`);
  }
  if (e.result) {
    // The engine's own refusal in the language; what a tool said as it wrote it.
    const text = (e.result.ok ? e.result.output : e.result.errorMsg ? render(lang, e.result.errorMsg) : e.result.error) ?? '';
    const [head, ...more] = firstLines(t, text, 12);
    lines.push(`${INDENT}${t(e.result.ok ? 'cliSessions.show.result' : 'cliSessions.show.error', { text: head ?? '' })}`, ...more.map((l) => `${INDENT}  ${l}`));
  } else {
    lines.push(`${INDENT}${t('cliSessions.show.noResult')}`);
  }
  return lines;
}

/** What the model sees now, part by part. */
export function contextLines(c: SessionContext, text: CliText = { lang: 'en', t: translator('en') }): string[] {
  const { lang, t } = text;
  const n = (value: number): string => formatNumber(lang, value);
  const window =
    c.window !== null
      ? t('cliSessions.context.window', { tokens: n(c.window), source: c.windowSource ? ` (${c.windowSource})` : '' })
      : t('cliSessions.context.windowUnknown');
  const lines = [
    t('cliSessions.context.header', {
      session: c.sessionRef,
      model: c.model ?? t('cliSessions.context.noModel'),
      provider: c.provider ? t('cliSessions.context.onProvider', { provider: c.provider }) : '',
      encoding: c.encoding,
      window,
    }),
    t(c.compacted ? 'cliSessions.context.compacted' : 'cliSessions.context.whole'),
    '',
  ];
  const total = t('cliSessions.context.total');
  // Terminal columns, not characters: the labels line up whatever script they are in.
  // A part's label is the engine's English ("system prompt", "summary (auto)"); other languages name the part by its
  // kind as the panel does. An instruction part keeps its file's name.
  const labelOf = (p: SessionContext['parts'][number]): string =>
    lang === 'en' || p.kind === 'instructions' ? p.label : t(`context.view.kind.${p.kind}`);
  const labelWidth = Math.max(24, displayWidth(total) + 2, ...c.parts.map((p) => displayWidth(labelOf(p)) + 2));
  for (const p of c.parts) {
    const items =
      p.kind === 'messages' || p.kind === 'prompts'
        ? t('cliSessions.context.messages', { count: p.items })
        : p.kind === 'tools'
          ? t('cliSessions.context.tools', { count: p.items })
          : '';
    lines.push(`  ${padEndColumns(labelOf(p), labelWidth)} ${t('cliSessions.context.tokens', { tokens: n(p.tokens).padStart(9) })}${items}${p.truncated ? t('cliSessions.context.truncated') : ''}`);
  }
  const share = c.window ? t('cliSessions.context.share', { window: n(c.window), percent: ((100 * c.totalTokens) / c.window).toFixed(1) }) : '';
  lines.push(`  ${padEndColumns(total, labelWidth)} ${t('cliSessions.context.tokens', { tokens: n(c.totalTokens).padStart(9) })}${share}`);
  return lines;
}

function indent(text: string): string[] {
  return text.replace(/\n+$/, '').split('\n').map((l) => `${INDENT}${l}`);
}

function firstLines(t: Translator, text: string, max: number): string[] {
  const lines = text.replace(/\n+$/, '').split('\n');
  if (lines.length <= max) return lines.map((l) => clip(l, 400));
  return [...lines.slice(0, max).map((l) => clip(l, 400)), t('cliSessions.show.moreLines', { count: lines.length - max })];
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

const PLAN_MARK = { pending: '[ ]', in_progress: '[>]', completed: '[x]' } as const;

/** The session's live plan under the header: its progress, then one line per step. */
export function planLines(plan: SessionPlan | undefined, t: Translator): string[] {
  const progress = planProgress(plan);
  if (!plan || !progress) return [];
  return [t('cliSessions.show.plan', progress), ...plan.items.map((i, n) => `  ${n + 1}. ${PLAN_MARK[i.status]} ${i.content}`)];
}
