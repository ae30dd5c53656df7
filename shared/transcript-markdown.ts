import type { EngineEvent } from './events';
import type { PlanItem } from './plan';
import { formatNumber, render, translator, type Lang, type Msg, type Translator } from './i18n';
import { missingCase } from './result';
import { buildTranscript, type ToolEntry, type TranscriptEntry } from './transcript';

/**
 * A stored session as a Markdown document: the person's prompts quoted, answers as written, tool calls with
 * their policy decisions, approvals and results in fenced blocks, compaction markers with the summary folded
 * away, and each turn's outcome. `events` are one session's stored events in order (for a fork, the inherited
 * events first: see `inheritedEvents`). Pure: the CLI's `sessions show --markdown` and the panel's "Export as
 * Markdown" use the same function. `lang` is the language of its headings and labels, and of the engine's notes
 * and reasons (rendered from their Msgs); what people and the model wrote, tool input and output stay as written.
 */
export function transcriptMarkdown(events: readonly EngineEvent[], lang: Lang = 'en'): string {
  const doc = entriesMarkdown(buildTranscript(events), lang);
  const plan = [...events].reverse().find((e): e is Extract<EngineEvent, { type: 'plan_updated' }> => e.type === 'plan_updated');
  return plan && plan.items.length > 0 ? withPlan(doc, plan.items, lang) : doc;
}

const PLAN_BOX = { pending: '[ ]', in_progress: '[ ] ▸', completed: '[x]' } as const;

/** The plan as it stood at the end, as a task list right after the document's header (before the first prompt). */
function withPlan(doc: string, items: readonly PlanItem[], lang: Lang): string {
  const t = translator(lang);
  const done = items.filter((i) => i.status === 'completed').length;
  const section = [`## ${t('markdown.plan', { done, total: items.length })}`, '', ...items.map((i) => `- ${PLAN_BOX[i.status]} ${i.content}`), '', ''].join('\n');
  const at = doc.indexOf('---\n');
  return at === -1 ? `${doc.trimEnd()}\n\n${section}` : doc.slice(0, at) + section + doc.slice(at);
}

export function entriesMarkdown(entries: readonly TranscriptEntry[], lang: Lang = 'en'): string {
  const t = translator(lang);
  const n = (value: number): string => formatNumber(lang, value);
  // The engine's sentence as data in the language; one stored before it carried its Msg reads as it was written.
  const said = (text: string, m: Msg | undefined): string => oneLine(m ? render(lang, m) : text);
  const out: string[] = [];
  // The document is about the last session of the chain (a fork's own), whose history may begin in its sources.
  const sessions = entries.filter((e): e is Extract<TranscriptEntry, { kind: 'session' }> => e.kind === 'session');
  const self = sessions.at(-1);
  if (self) {
    out.push(`# ${t('markdown.title', { label: label(self) })}`, '', `- ${t('markdown.workspace', { workspace: code(self.workspace) })}`, `- ${t('markdown.created', { ts: self.ts })}`);
    if (self.forkedFrom) out.push(`- ${t('markdown.forkedFrom', { ref: code(self.forkedFrom.sessionRef) })}`);
    out.push('');
  }
  let prompts = 0;
  for (const e of entries) {
    switch (e.kind) {
      case 'session':
        // The first one opened the document; a later one is where a fork's own events begin.
        if (e === sessions[0]) continue;
        out.push(
          '---',
          '',
          `*${e.forkedFrom ? t('markdown.forkedHereFrom', { ref: code(e.forkedFrom.sessionRef), label: label(e), ts: e.ts }) : t('markdown.forkedHere', { label: label(e), ts: e.ts })}*`,
        );
        break;
      case 'prompt':
        prompts++;
        out.push('---', '', `## ${t('markdown.prompt', { n: prompts })}${e.promptRef ? ` · ${code(e.promptRef)}` : ''}`, '', quote(e.text));
        break;
      case 'assistant':
        out.push(`**${t('markdown.assistant')}**`, '');
        if (e.reasoning) out.push(`<details><summary>${t('markdown.thinking')}</summary>`, '', e.reasoning.trim(), '', '</details>', '');
        if (e.text.trim()) out.push(e.text.trim());
        break;
      case 'tool':
        out.push(...toolMarkdown(e, t, (text, m) => (m ? render(lang, m) : text)));
        break;
      case 'compaction': {
        const figures = [
          t('markdown.tokens', { before: n(e.tokensBefore), after: n(e.tokensAfter) }),
          t('markdown.pruned', { count: n(e.prunedToolOutputs) }),
          e.summary !== null ? t('markdown.summaryTokens', { count: n(e.summaryTokens) }) : null,
        ].filter((x): x is string => x !== null);
        out.push(`> **${t('markdown.compacted')}** (${e.reason}): ${figures.join(' · ')}`);
        if (e.summaryError) out.push('>', `> ${t('markdown.noSummary', { error: oneLine(e.summaryError) })}`);
        if (e.summary) out.push('', `<details><summary>${t('markdown.summary')}</summary>`, '', e.summary.trim(), '', '</details>');
        break;
      }
      case 'instructions':
        out.push(
          e.sources.length === 0
            ? `*${t('markdown.instructionsNone')}*`
            : `*${t('markdown.instructionsFrom')}* ${e.sources.map((s) => `${code(s.path)}${s.truncated ? ` ${t('markdown.truncated')}` : ''}`).join(', ')}`,
        );
        break;
      case 'outcome':
        out.push(`*${e.detail ? t('markdown.outcome', { turn: t(`markdown.turn.${e.status}`), detail: said(e.detail, e.detailMsg) }) : t('markdown.outcomeBare', { turn: t(`markdown.turn.${e.status}`) })}*`);
        break;
      case 'note':
        {
          const note = said(e.text, e.msg);
          out.push(`*${e.tone === 'info' ? note : t('markdown.toned', { tone: t(`markdown.tone.${e.tone}`), text: note })}*`);
        }
        break;
      case 'closed':
        out.push('---', '', `*${t('markdown.closed', { ts: e.ts })}*`);
        break;
      default:
        return missingCase(e);
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function label(e: Extract<TranscriptEntry, { kind: 'session' }>): string {
  return e.sessionName ? `${e.sessionName} (${e.sessionRef})` : e.sessionRef;
}

function toolMarkdown(e: ToolEntry, t: Translator, callError: (text: string, m?: Msg) => string): string[] {
  const lines: string[] = [];
  const decision = e.decision
    ? ` — ${t(`markdown.decision.${e.decision.decision}`)}${e.decision.rule ? ` ${t('markdown.byRule', { rule: code(e.decision.rule), source: t(`markdown.source.${e.decision.source}`) })}` : ''}`
    : '';
  lines.push(`**${t('markdown.tool', { tool: code(e.tool) })}**${decision}`, '', fence(inputText(e.input), 'json'));
  if (e.approval) {
    const message = e.approval.answer?.kind === 'deny' && e.approval.answer.message ? t('markdown.approvalMessage', { message: oneLine(e.approval.answer.message) }) : '';
    const answer = e.approval.answer ? t('markdown.approvalAnswer', { answer: t(`markdown.answer.${e.approval.answer.kind}`) }) : '';
    lines.push('', `${t('markdown.approval', { ref: code(e.approval.ref), status: t(`markdown.approvalStatus.${e.approval.status}`) })}${answer}${message}`);
  }
  if (e.result) {
    // The engine's own answer (a refusal, a denial) in the language; a tool's own output or error as it wrote it.
    const text = (e.result.ok ? e.result.output : e.result.error) ?? '';
    lines.push('', e.result.ok ? t('markdown.result') : t('markdown.error'), '', fence(e.result.ok ? text : callError(text, e.result.errorMsg), ''));
  } else {
    lines.push('', `*${t('markdown.noResult')}*`);
  }
  return lines;
}

function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  try {
    return JSON.stringify(input, null, 2) ?? String(input);
  } catch {
    return String(input);
  }
}

/** A fenced block whose fence is longer than any backtick run inside, so no content can close it early. */
function fence(text: string, lang: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(Math.max(3, longest + 1));
  return `${ticks}${lang}\n${text.replace(/\n+$/, '')}\n${ticks}`;
}

function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

function quote(text: string): string {
  return text
    .replace(/\n+$/, '')
    .split('\n')
    .map((l) => (l ? `> ${l}` : '>'))
    .join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
