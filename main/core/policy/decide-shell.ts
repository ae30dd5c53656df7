import path from 'node:path';
import picomatch from 'picomatch';
import { exactBashRule } from './always-rule';
import { part, rulesOf, type DecideContext, type Part } from './context';
import { criticalReason } from './critical-commands';
import { decidePath } from './decide-path';
import { hasInvisibleChars } from './paths';
import { hasWildcard, matchBashTokens } from './rules/match-bash';
import type { Rule } from './rules/types';
import type { ParsedShell } from '../tools/prepare';
import type { CommandPart } from './shell/analyze';
import type { FileAccess, ShellWord } from './shell/types';

const EXEMPT_TARGETS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/stdin', '/dev/tty', '/dev/zero']);

function bashRuleMatches(rule: Rule, argv: ShellWord[]): boolean {
  if (rule.matcher.type === 'any') return true;
  return rule.matcher.type === 'bash' && matchBashTokens(rule.matcher.tokens, argv);
}

function shortText(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? `${one.slice(0, 77)}...` : one;
}

function decideCommand(ctx: DecideContext, cp: CommandPart): Part {
  const shown = `\`${shortText(cp.cmd.text)}\``;
  for (const rule of rulesOf(ctx, 'deny', ['Bash'])) {
    if (cp.variants.some((v) => bashRuleMatches(rule, v)) || (cp.variants.length === 0 && rule.matcher.type === 'any')) {
      return part('blocked', rule.source, `${shown} is denied by ${rule.text}`, rule.text);
    }
  }
  for (const rule of rulesOf(ctx, 'ask', ['Bash'])) {
    if (cp.variants.some((v) => bashRuleMatches(rule, v))) {
      return part('needs_approval', rule.source, `${shown} asks by ${rule.text}`, rule.text);
    }
  }
  const critical = cp.variants
    .map((v) => criticalReason(v, cp.cmd.cwd, { roots: ctx.roots.workspace, home: ctx.home }))
    .find((r) => r !== null);
  if (critical) return part('needs_approval', 'builtin', `${shown} is a critical command: ${critical}`);
  if (cp.forceAsk.length > 0) return part('needs_approval', 'builtin', `${shown}: ${cp.forceAsk[0]}`);
  if (cp.transparent) return part('auto_approved', 'builtin', `${shown} needs no rule of its own`);
  if (ctx.mode === 'bypass') return part('auto_approved', 'mode', `bypass mode allows ${shown}`);
  for (const rule of rulesOf(ctx, 'allow', ['Bash'])) {
    const m = rule.matcher;
    if (m.type === 'bash' && cp.neverPrefix && hasWildcard(m.tokens)) continue;
    if (m.type === 'any' && cp.neverPrefix) continue;
    if (bashRuleMatches(rule, cp.cmd.argv)) return part('auto_approved', rule.source, `${shown} is allowed by ${rule.text}`, rule.text);
  }
  const why = cp.neverPrefix ? ` (${cp.neverPrefix}, so only an exact rule can allow it)` : '';
  return part('needs_approval', 'mode', `${shown} needs approval in ${ctx.mode} mode${why}`, null, exactBashRule(cp.cmd.argv));
}

function decideFile(ctx: DecideContext, f: FileAccess): Part[] {
  if (f.word.procSub) return [];
  const value = f.word.value;
  if (value === null) return [part('needs_approval', 'builtin', `${f.via} uses a file name only known at run time: ${f.word.text}`)];
  if (EXEMPT_TARGETS.has(path.posix.normalize(value)) || /^\/dev\/fd\/\d+$/.test(value)) return [];
  let raw = value;
  let recursive = f.recursive;
  if (f.word.glob) {
    raw = picomatch.scan(value).base || '.';
    recursive = true;
  }
  if (f.cwd === null && !path.isAbsolute(raw) && !raw.startsWith('~')) {
    return [part('needs_approval', 'builtin', `cannot tell which folder ${f.word.text} is in after a dynamic cd`)];
  }
  const base = f.cwd ?? ctx.workspace;
  const ops: ('read' | 'write')[] = f.op === 'readwrite' ? ['read', 'write'] : [f.op];
  return ops.map((op) => decidePath(ctx, { tool: 'Bash', raw, base, op, recursive }));
}

/** Every simple command and every file it reads or writes must be allowed for the whole call to be. */
export function decideShell(ctx: DecideContext, shell: ParsedShell): Part[] {
  const { command, plan } = shell;
  if (command.trim() === '') return [part('blocked', 'builtin', 'the command is empty')];
  if (command.includes('\0')) return [part('blocked', 'builtin', 'the command contains a NUL byte')];
  // The parse resolved `~` and relative folders; one made for another home or workspace would decide wrongly.
  if (shell.cwd !== ctx.workspace || shell.home !== ctx.home) {
    throw new Error(`the command was parsed for ${shell.cwd} with home ${shell.home}, not for ${ctx.workspace} with home ${ctx.home}`);
  }
  const parts: Part[] = [];
  for (const cp of plan.parts) parts.push(decideCommand(ctx, cp));
  for (const f of plan.files) parts.push(...decideFile(ctx, f));
  for (const issue of plan.issues) parts.push(part('needs_approval', 'builtin', issue));
  if (hasInvisibleChars(command.replace(/[\n\t]/g, ' '))) {
    parts.push(part('needs_approval', 'builtin', 'the command has invisible or bidi control characters'));
  }
  if (plan.parts.length === 0 && plan.issues.length === 0) parts.push(part('auto_approved', 'builtin', 'the command runs nothing'));
  return parts;
}
