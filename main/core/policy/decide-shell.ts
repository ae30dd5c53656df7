import path from 'node:path';
import picomatch from 'picomatch';
import { msg, type Msg } from '../../../shared/i18n/message';
import { exactBashRule } from './always-rule';
import { part, rulesOf, type DecideContext, type Part } from './context';
import { criticalReason } from './critical-commands';
import { decidePath, type PathAccess } from './decide-path';
import { readFileCommand, type FileCommand } from './file-commands';
import { hasInvisibleChars } from './paths';
import { hasWildcard, matchBashTokens } from './rules/match-bash';
import type { Rule } from './rules/types';
import type { ParsedShell } from './prepare';
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

/** "`make`: setting PATH can change what the command runs": a command part and what it needs a person for. */
function says(shown: string, why: Msg): Part {
  return part('needs_approval', 'builtin', msg('reasons.commandSays', { command: shown, why }));
}

function decideCommand(ctx: DecideContext, cp: CommandPart): Part {
  const shown = `\`${shortText(cp.cmd.text)}\``;
  for (const rule of rulesOf(ctx, 'deny', ['Bash'])) {
    if (cp.variants.some((v) => bashRuleMatches(rule, v)) || (cp.variants.length === 0 && rule.matcher.type === 'any')) {
      return part('blocked', rule.source, msg('reasons.deniedBy', { what: shown, rule: rule.text }), rule.text);
    }
  }
  for (const rule of rulesOf(ctx, 'ask', ['Bash'])) {
    if (cp.variants.some((v) => bashRuleMatches(rule, v))) {
      return part('needs_approval', rule.source, msg('reasons.askedBy', { what: shown, rule: rule.text }), rule.text);
    }
  }
  const critical = cp.variants
    .map((v) => criticalReason(v, cp.cmd.cwd, { roots: ctx.roots.workspace, home: ctx.home }))
    .find((r) => r !== null);
  if (critical) return part('needs_approval', 'builtin', msg('reasons.critical', { what: shown, why: critical }));
  const force = cp.forceAsk[0];
  if (force !== undefined) return says(shown, force);
  if (cp.transparent) return part('auto_approved', 'builtin', msg('reasons.noRuleNeeded', { what: shown }));
  if (ctx.mode === 'bypass') return part('auto_approved', 'mode', msg('reasons.bypassAllows', { what: shown }));
  for (const rule of rulesOf(ctx, 'allow', ['Bash'])) {
    const m = rule.matcher;
    if (m.type === 'bash' && cp.neverPrefix && hasWildcard(m.tokens)) continue;
    if (m.type === 'any' && cp.neverPrefix) continue;
    if (bashRuleMatches(rule, cp.cmd.argv)) return part('auto_approved', rule.source, msg('reasons.allowedBy', { what: shown, rule: rule.text }), rule.text);
  }
  if (ctx.mode === 'acceptEdits' && isWorkspaceEdit(ctx, cp)) {
    return part('auto_approved', 'mode', msg('reasons.acceptEditsTreats', { what: shown }));
  }
  const exact = exactBashRule(cp.cmd.argv);
  const why = cp.neverPrefix;
  if (why === null) return part('needs_approval', 'mode', msg('reasons.needsApproval', { what: shown, mode: ctx.mode }), null, exact);
  return part('needs_approval', 'mode', msg('reasons.needsApprovalExact', { what: shown, mode: ctx.mode, why }), null, exact);
}

/** The commands acceptEdits treats like Write and Edit when every file they name is inside the workspace. */
const EDIT_COMMANDS = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp', 'sed']);

/** `mkdir`, `touch`, `rm`, `rmdir`, `mv`, `cp` or `sed -i` (harmless script) whose every file acceptEdits may write. */
function isWorkspaceEdit(ctx: DecideContext, cp: CommandPart): boolean {
  const fc = readFileCommand(cp.cmd.argv);
  if (fc === null || !fc.ok || !EDIT_COMMANDS.has(fc.name) || !fc.safeScript || fc.writes.length === 0) return false;
  return targetsOf(fc).every(([word, op]) => {
    const decided = decideWord(ctx, word, cp.cmd.cwd, fc.name, [op], fc.recursive);
    return decided.length > 0 && decided.every((p) => p.decision === 'auto_approved');
  });
}

type ShellPath = Omit<PathAccess, 'op'>;

function targetsOf(fc: FileCommand & { ok: true }): [ShellWord, 'read' | 'write'][] {
  return [...fc.writes.map((w): [ShellWord, 'write'] => [w, 'write']), ...fc.reads.map((w): [ShellWord, 'read'] => [w, 'read'])];
}

/** The path a shell word names, ready for decidePath; a Part when it cannot be known; null when it needs no check. */
function shellPath(ctx: DecideContext, word: ShellWord, cwd: string | null, via: string, recursiveIn: boolean): ShellPath | Part | null {
  if (word.procSub) return null;
  const value = word.value;
  if (value === null) return part('needs_approval', 'builtin', msg('reasons.runtimeName', { via, word: word.text }));
  if (EXEMPT_TARGETS.has(path.posix.normalize(value)) || /^\/dev\/fd\/\d+$/.test(value)) return null;
  let raw = value;
  let recursive = recursiveIn || word.glob;
  if (word.glob) {
    raw = picomatch.scan(value).base || '.';
    recursive = true;
  }
  if (cwd === null && !path.isAbsolute(raw) && !raw.startsWith('~')) {
    return part('needs_approval', 'builtin', msg('reasons.dynamicCd', { word: word.text }));
  }
  return { tool: 'Bash', raw, base: cwd ?? ctx.workspace, recursive };
}

function decideWord(ctx: DecideContext, word: ShellWord, cwd: string | null, via: string, ops: ('read' | 'write')[], recursive: boolean, grant?: PathAccess['grant']): Part[] {
  const access = shellPath(ctx, word, cwd, via, recursive);
  if (access === null) return [];
  if ('decision' in access) return [access];
  return ops.map((op) => decidePath(ctx, { ...access, op, ...(grant ? { grant } : {}) }));
}

function decideFile(ctx: DecideContext, f: FileAccess): Part[] {
  const ops: ('read' | 'write')[] = f.op === 'readwrite' ? ['read', 'write'] : [f.op];
  const access = shellPath(ctx, f.word, f.cwd, f.via, f.recursive);
  if (access === null) return [];
  if ('decision' in access) return [access];
  return ops.map((op) => decidePath(ctx, { ...access, op, ...(f.namesBelowUnknown ? { namesBelowUnknown: true } : {}) }));
}

/**
 * The files a common file command names, read with its real options (`cp -t DIR` too). An explicit allow rule of
 * the command covers them inside the workspace; when the command asks, a path that its "always" rule would then
 * cover offers that rule instead of an Edit rule of its own.
 */
function decideFileCommand(ctx: DecideContext, cp: CommandPart, verdict: Part, argv: ShellWord[], handled: Set<ShellWord>): Part[] {
  const fc = readFileCommand(argv);
  if (fc === null) return [];
  if (!fc.ok) {
    if (ctx.mode === 'bypass') return [];
    return [says(`\`${shortText(cp.cmd.text)}\``, fc.reason)];
  }
  // Every argument is accounted for: option values (`mkdir -m 700`) name no file.
  for (const w of argv.slice(1)) handled.add(w);
  const grant = verdict.decision === 'auto_approved' && verdict.rule !== null ? { rule: verdict.rule, source: verdict.source } : undefined;
  const offer = verdict.decision === 'needs_approval' && verdict.source === 'mode' ? verdict.always : null;
  const out: Part[] = [];
  for (const [word, op] of targetsOf(fc)) {
    for (const p of decideWord(ctx, word, cp.cmd.cwd, fc.name, [op], fc.recursive, grant)) {
      if (offer !== null && p.decision === 'needs_approval' && p.source === 'mode') {
        const once = decideWord(ctx, word, cp.cmd.cwd, fc.name, [op], fc.recursive, { rule: offer, source: 'local' })[0];
        if (once?.decision === 'auto_approved') p.always = offer;
      }
      out.push(p);
    }
  }
  return out;
}

/** Every simple command and every file it reads or writes must be allowed for the whole call to be. */
export function decideShell(ctx: DecideContext, shell: ParsedShell): Part[] {
  const { command, plan } = shell;
  if (command.trim() === '') return [part('blocked', 'builtin', msg('reasons.commandEmpty'))];
  if (command.includes('\0')) return [part('blocked', 'builtin', msg('reasons.commandNul'))];
  // The parse resolved `~` and relative folders; one made for another home or workspace would decide wrongly.
  if (shell.cwd !== ctx.workspace || shell.home !== ctx.home) {
    throw new Error(`the command was parsed for ${shell.cwd} with home ${shell.home}, not for ${ctx.workspace} with home ${ctx.home}`);
  }
  // Said first: it is the reason a person most needs to read, and no rule or mode can allow it.
  const parts: Part[] = plan.hiddenCode.map((reason) => part('needs_approval', 'builtin', reason));
  // Argument words of file commands decided with their command; the analysis reports the same word objects.
  const handled = new Set<ShellWord>();
  for (const cp of plan.parts) {
    const verdict = decideCommand(ctx, cp);
    parts.push(verdict);
    for (const v of cp.variants) parts.push(...decideFileCommand(ctx, cp, verdict, v, handled));
  }
  for (const f of plan.files) if (!handled.has(f.word)) parts.push(...decideFile(ctx, f));
  for (const issue of plan.issues) parts.push(part('needs_approval', 'builtin', issue));
  if (hasInvisibleChars(command.replace(/[\n\t]/g, ' '))) {
    parts.push(part('needs_approval', 'builtin', msg('reasons.commandInvisible')));
  }
  if (plan.parts.length === 0 && plan.issues.length === 0 && plan.hiddenCode.length === 0) parts.push(part('auto_approved', 'builtin', msg('reasons.commandRunsNothing')));
  return parts;
}
