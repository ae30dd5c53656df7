import type { EngineEvent } from './events';
import { missingCase } from './result';
import { buildTranscript, type ToolEntry, type TranscriptEntry } from './transcript';

/**
 * A stored session as a Markdown document: the person's prompts quoted, answers as written, tool calls with
 * their policy decisions, approvals and results in fenced blocks, compaction markers with the summary folded
 * away, and each turn's outcome. `events` are one session's stored events in order (for a fork, the inherited
 * events first: see `inheritedEvents`). Pure: the CLI's `sessions show --markdown` and the panel's "Export as
 * Markdown" use the same function.
 */
export function transcriptMarkdown(events: readonly EngineEvent[]): string {
  return entriesMarkdown(buildTranscript(events));
}

export function entriesMarkdown(entries: readonly TranscriptEntry[]): string {
  const out: string[] = [];
  // The document is about the last session of the chain (a fork's own), whose history may begin in its sources.
  const sessions = entries.filter((e): e is Extract<TranscriptEntry, { kind: 'session' }> => e.kind === 'session');
  const self = sessions.at(-1);
  if (self) {
    out.push(`# ${title(self)}`, '', `- Workspace: ${code(self.workspace)}`, `- Created: ${self.ts}`);
    if (self.forkedFrom) out.push(`- Forked from session ${code(self.forkedFrom.sessionRef)}: its finished turns come first`);
    out.push('');
  }
  let prompts = 0;
  for (const e of entries) {
    switch (e.kind) {
      case 'session':
        // The first one opened the document; a later one is where a fork's own events begin.
        if (e === sessions[0]) continue;
        out.push('---', '', `*Forked here${e.forkedFrom ? ` from session ${code(e.forkedFrom.sessionRef)}` : ''}: what follows happened in session ${label(e)} (${e.ts}).*`);
        break;
      case 'prompt':
        prompts++;
        out.push('---', '', `## Prompt ${prompts}${e.promptRef ? ` · ${code(e.promptRef)}` : ''}`, '', quote(e.text));
        break;
      case 'assistant':
        out.push('**Assistant**', '');
        if (e.reasoning) out.push('<details><summary>Thinking…</summary>', '', e.reasoning.trim(), '', '</details>', '');
        if (e.text.trim()) out.push(e.text.trim());
        break;
      case 'tool':
        out.push(...toolMarkdown(e));
        break;
      case 'compaction': {
        const figures = [
          `${n(e.tokensBefore)} → ${n(e.tokensAfter)} tokens`,
          `${n(e.prunedToolOutputs)} tool outputs pruned`,
          e.summary !== null ? `summary ${n(e.summaryTokens)} tokens` : null,
        ].filter((x): x is string => x !== null);
        out.push(`> **Context compacted** (${e.reason}): ${figures.join(' · ')}`);
        if (e.summaryError) out.push('>', `> No summary could be written (${oneLine(e.summaryError)}); old tool outputs were pruned instead.`);
        if (e.summary) out.push('', '<details><summary>Summary</summary>', '', e.summary.trim(), '', '</details>');
        break;
      }
      case 'instructions':
        out.push(
          e.sources.length === 0
            ? '*Project instructions: none from here on.*'
            : `*Project instructions from here on:* ${e.sources.map((s) => `${code(s.path)}${s.truncated ? ' (truncated)' : ''}`).join(', ')}`,
        );
        break;
      case 'outcome':
        out.push(`*Turn ${e.status}${e.detail ? `: ${oneLine(e.detail)}` : ''}.*`);
        break;
      case 'note':
        out.push(`*${e.tone === 'info' ? '' : `${e.tone}: `}${oneLine(e.text)}*`);
        break;
      case 'closed':
        out.push('---', '', `*Session closed (${e.ts}).*`);
        break;
      default:
        return missingCase(e);
    }
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function title(e: Extract<TranscriptEntry, { kind: 'session' }>): string {
  return `Session ${label(e)}`;
}

function label(e: Extract<TranscriptEntry, { kind: 'session' }>): string {
  return e.sessionName ? `${e.sessionName} (${e.sessionRef})` : e.sessionRef;
}

function toolMarkdown(t: ToolEntry): string[] {
  const lines: string[] = [];
  const decision = t.decision
    ? ` — ${t.decision.decision.replace('_', ' ')}${t.decision.rule ? ` by ${code(t.decision.rule)} (${t.decision.source})` : ''}`
    : '';
  lines.push(`**Tool ${code(t.tool)}**${decision}`, '', fence(inputText(t.input), 'json'));
  if (t.approval) {
    const message = t.approval.answer?.kind === 'deny' && t.approval.answer.message ? `: ${oneLine(t.approval.answer.message)}` : '';
    lines.push('', `Approval ${code(t.approval.ref)}: ${t.approval.status}${t.approval.answer ? ` (${t.approval.answer.kind.replace('_', ' ')})` : ''}${message}`);
  }
  if (t.result) {
    lines.push('', t.result.ok ? 'Result:' : 'Error:', '', fence((t.result.ok ? t.result.output : t.result.error) ?? '', ''));
  } else {
    lines.push('', '*No result recorded.*');
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

function n(value: number): string {
  return value.toLocaleString('en-US');
}
