import type { Lang } from './lang';
import type { MessageKey } from './keys';
import type { MessageVars } from './catalog-types';
import { translate } from './translate';
import type { ReasonTemplate } from './reason-template';
import { HOOK_TEMPLATES } from './hook-templates';
import { CONFLICT_TEMPLATES } from './conflict-templates';
import { ENGINE_TEMPLATES, FILE_PROBLEM_TEMPLATES } from './engine-templates';
import { ERROR_TEMPLATES } from './error-templates';
import { NOTE_TEMPLATES } from './note-templates';
import { REQUEST_TEMPLATES } from './request-templates';
import { SHELL_TEMPLATES } from './shell-templates';

/**
 * Reasons are English sentences the engine builds (main/core/policy, main/core/conflicts) and sends to the model
 * as they are. What people see is translated here, on the display side: each template is a pattern whose
 * captured parts go into a catalog message; parts marked `nested` are themselves reasons or phrases and are
 * translated in turn ("writing a.ts: .env is a protected file"). A reason no template matches stays in English.
 */
const isAre = (v: Readonly<Record<string, string>>): number => (v.verb === 'is' ? 1 : 2);

/** Tried in order: more specific sentences first. */
const POLICY_TEMPLATES: readonly ReasonTemplate[] = [
  { pattern: /^(.+) \(approved by --approve all\)$/s, key: 'reasons.approvedAll', vars: ['reason'], nested: ['reason'] },
  { pattern: /^(.+) \(no one to ask: --approve never\)$/s, key: 'reasons.approveNever', vars: ['reason'], nested: ['reason'] },
  { pattern: /^headless run, nobody can approve: (.+)$/s, key: 'reasons.headless', vars: ['reason'], nested: ['reason'] },
  { pattern: /^(.+) \(bypass mode is disabled by managed settings\)$/s, key: 'reasons.modeNote', vars: ['reason'], nested: ['reason'] },
  { pattern: /^writing (.+): (.+\/ is a protected folder|.+ is a protected file|git hooks are protected)$/, key: 'reasons.protectedWrite', vars: ['path', 'why'], nested: ['why'] },
  { pattern: /^(.+) is a critical command: (.+)$/, key: 'reasons.critical', vars: ['what', 'why'], nested: ['why'] },
  { pattern: /^(.+) is allowed by (.+), the rule of the command naming it$/, key: 'reasons.allowedByCommand', vars: ['what', 'rule'], nested: ['what'] },
  { pattern: /^(.+) may touch files denied by (.+)$/, key: 'reasons.mayTouchDenied', vars: ['what', 'rule'], nested: ['what'] },
  { pattern: /^(.+) is denied by (.+)$/, key: 'reasons.deniedBy', vars: ['what', 'rule'], nested: ['what'] },
  { pattern: /^(.+) asks by (.+)$/, key: 'reasons.askedBy', vars: ['what', 'rule'], nested: ['what'] },
  { pattern: /^(.+) is allowed by (.+)$/, key: 'reasons.allowedBy', vars: ['what', 'rule'], nested: ['what'] },
  { pattern: /^(.+) needs no rule of its own$/, key: 'reasons.noRuleNeeded', vars: ['what'] },
  { pattern: /^acceptEdits mode allows writing (.+)$/, key: 'reasons.acceptEditsWrites', vars: ['path'] },
  { pattern: /^bypass mode allows (.+)$/, key: 'reasons.bypassAllows', vars: ['what'], nested: ['what'] },
  { pattern: /^acceptEdits mode treats (.+) as an edit inside the workspace$/, key: 'reasons.acceptEditsTreats', vars: ['what'] },
  { pattern: /^(.+) needs approval in (\S+) mode \((.+), so only an exact rule can allow it\)$/, key: 'reasons.needsApprovalExact', vars: ['what', 'mode', 'why'], nested: ['what', 'why'] },
  { pattern: /^(.+) needs approval in (\S+) mode$/, key: 'reasons.needsApproval', vars: ['what', 'mode'], nested: ['what'] },
  { pattern: /^writing into (.+): the names written there are only known at run time and may be protected paths$/, key: 'reasons.namesBelowUnknown', vars: ['path'] },
  { pattern: /^reading (.+) outside the workspace$/, key: 'reasons.readOutside', vars: ['path'] },
  { pattern: /^reading inside the workspace: (.+)$/, key: 'reasons.readInside', vars: ['path'] },
  { pattern: /^(.+) holds a process environment and is never readable$/, key: 'reasons.environ', vars: ['path'] },
  { pattern: /^plan mode allows only reads; (.+) is blocked$/, key: 'reasons.planBlocks', vars: ['tool'] },
  { pattern: /^(.+) is not a tool the policy knows$/, key: 'reasons.unknownTool', vars: ['tool'] },
  { pattern: /^the command is empty$/, key: 'reasons.commandEmpty', vars: [] },
  { pattern: /^the command runs nothing$/, key: 'reasons.commandRunsNothing', vars: [] },
  { pattern: /^the command has invisible or bidi control characters$/, key: 'reasons.commandInvisible', vars: [] },
  { pattern: /^the managed settings file (.+) is malformed, so (.+) is blocked$/, key: 'reasons.managedMalformed', vars: ['file', 'tool'] },
  { pattern: /^the policy engine could not decide \((.+)\)$/s, key: 'reasons.undecided', vars: ['error'] },
  { pattern: /^cannot tell which folder (.+) is in after a dynamic cd$/, key: 'reasons.dynamicCd', vars: ['word'] },
  { pattern: /^(.+) uses a file name only known at run time: (.+)$/, key: 'reasons.runtimeName', vars: ['via', 'word'] },
  ...SHELL_TEMPLATES,
  // Conflict details.
  {
    pattern: /^output conflict: (.+) (is|are) also declared by (.+) \(prompt (.+)\)\. Override to run now \(may overwrite\), wait to start when it ends, or cancel\.$/,
    key: 'reasons.conflictOutput',
    vars: ['paths', 'verb', 'other', 'refs'],
    nested: ['other'],
    count: isAre,
  },
  { pattern: /^(.+) (is|are) being written by (.+) \(leased until its turn ends\)$/, key: 'reasons.conflictLeased', vars: ['paths', 'verb', 'owners'], nested: ['owners'], count: isAre },
  { pattern: /^(`.+`) would discard uncommitted changes by (.+) in (.+)$/, key: 'reasons.conflictDiscard', vars: ['command', 'sessions', 'paths'], nested: ['sessions'] },
  {
    pattern: /^(.+) changed since you read it \((.+)\); Read it again before writing, then redo your change on the current content\.$/,
    key: 'reasons.staleChanged',
    vars: ['path', 'by'],
    nested: ['by'],
  },
  { pattern: /^(.+) already exists and you have not read it in this session; Read it first, then write, so that no one's changes are lost\.$/, key: 'reasons.staleUnread', vars: ['path'] },
  { pattern: /^modified by (.+)$/, key: 'reasons.modifiedBy', vars: ['who'], nested: ['who'] },
  { pattern: /^modified outside Paragents, e\.g\. in an editor$/, key: 'reasons.modifiedOutside', vars: [] },
  { pattern: /^changed since by (.+)$/, key: 'reasons.undoChangedBy', vars: ['who'], nested: ['who'] },
  { pattern: /^changed since outside Paragents \(e\.g\. in an editor\)$/, key: 'reasons.undoChangedOutside', vars: [] },
  { pattern: /^its earlier content was too large to keep$/, key: 'reasons.undoTooLarge', vars: [] },
  // Notices in a session's transcript.
  { pattern: /^forked from session (.+): its finished turns are this session's history$/, key: 'reasons.forked', vars: ['ref'] },
  { pattern: /^model request failed \((.+)\); trying provider (\S+) next$/s, key: 'reasons.modelFallback', vars: ['error', 'provider'], nested: ['error'] },
  { pattern: /^model request failed \((.+)\); retry (\d+) in (\d+) s$/s, key: 'reasons.modelRetry', vars: ['error', 'attempt', 'seconds'], nested: ['error'] },
  { pattern: /^failed: (.+)$/s, key: 'reasons.turnFailed', vars: ['error'], nested: ['error'] },
  { pattern: /^session reopened$/, key: 'reasons.sessionReopened', vars: [] },
  { pattern: /^turn resumed$/, key: 'reasons.turnResumed', vars: [] },
  { pattern: /^conflict resolved: (.+)$/, key: 'reasons.conflictResolved', vars: ['resolution'], words: { resolution: 'notices.note.resolution' } },
  { pattern: /^model request failed \((.+)\); retry (\d+) after (\d+) ms$/s, key: 'reasons.modelRetryMs', vars: ['error', 'attempt', 'ms'], nested: ['error'] },
  { pattern: /^cancelled: (.+)$/s, key: 'reasons.turnCancelled', vars: ['reason'], nested: ['reason'] },
  { pattern: /^cancelled at a conflict by the user$/, key: 'reasons.cancelledAtConflict', vars: [] },
  { pattern: /^cancelled$/, key: 'reasons.cancelled', vars: [] },
  { pattern: /^Project instructions changed: none from now on$/, key: 'reasons.instructionsNone', vars: [] },
  { pattern: /^Project instructions changed: (.+)$/s, key: 'reasons.instructionsChanged', vars: ['files'] },
  // What the critical-command check says of a command.
  { pattern: /^(\S+) of (.+) would delete a system, home or workspace folder$/, key: 'reasons.criticalDelete', vars: ['cmd', 'target'] },
  { pattern: /^recursive (\S+) of (.+)$/, key: 'reasons.criticalRecursive', vars: ['cmd', 'target'] },
  { pattern: /^mv of (.+)$/, key: 'reasons.criticalMove', vars: ['target'] },
  { pattern: /^(\S+) formats disks$/, key: 'reasons.criticalFormat', vars: ['cmd'] },
  { pattern: /^dd onto a device$/, key: 'reasons.criticalDd', vars: [] },
  // Protected paths.
  { pattern: /^(.+)\/ is a protected folder$/, key: 'reasons.protectedFolder', vars: ['name'] },
  { pattern: /^(.+) is a protected file$/, key: 'reasons.protectedFile', vars: ['name'] },
  { pattern: /^git hooks are protected$/, key: 'reasons.gitHooks', vars: [] },
];

/** Phrases inside reasons: what a call does, who did something. Last, since they read the start of a sentence only. */
const PHRASE_TEMPLATES: readonly ReasonTemplate[] = [
  { pattern: /^reading (.+)$/, key: 'reasons.reading', vars: ['path'] },
  { pattern: /^writing (.+)$/, key: 'reasons.writing', vars: ['path'] },
  { pattern: /^fetching (.+)$/, key: 'reasons.fetching', vars: ['host'] },
  { pattern: /^another session$/, key: 'reasons.anotherSession', vars: [] },
  // A ref or one-word name only: a longer sentence about a session no template knows stays whole, in English.
  { pattern: /^session (\S+)$/, key: 'reasons.session', vars: ['name'] },
];

export const REASON_TEMPLATES: readonly ReasonTemplate[] = [...HOOK_TEMPLATES, ...NOTE_TEMPLATES, ...CONFLICT_TEMPLATES, ...POLICY_TEMPLATES, ...REQUEST_TEMPLATES, ...ENGINE_TEMPLATES, ...ERROR_TEMPLATES, ...FILE_PROBLEM_TEMPLATES, ...PHRASE_TEMPLATES];

/** Nested parts are short; a reason deeper than this is shown as it is. */
const MAX_DEPTH = 6;

function translateIn(lang: Lang, text: string, depth: number, templates: readonly ReasonTemplate[] = REASON_TEMPLATES): string {
  if (depth > MAX_DEPTH) return text;
  for (const t of templates) {
    const m = t.pattern.exec(text);
    if (!m) continue;
    const raw: Record<string, string> = Object.fromEntries(t.vars.map((name, i) => [name, m[i + 1] ?? '']));
    const vars: Record<string, string | number> = { ...raw };
    for (const name of t.nested ?? []) vars[name] = translateIn(lang, raw[name] ?? '', depth + 1);
    for (const [name, group] of Object.entries(t.words ?? {})) vars[name] = wordIn(lang, group, raw[name] ?? '');
    if (t.count) vars.count = t.count(raw);
    return translate(lang, t.key, vars as MessageVars);
  }
  return text;
}

/** One word of a closed set in the language (`notices.hook.source.user`); a word the set lacks as it is. */
function wordIn(lang: Lang, group: string, word: string): string {
  const key = `${group}.${word}` as MessageKey;
  const text = translate(lang, key);
  return text === key ? word : text;
}

/**
 * A reason, conflict detail or refusal as the engine wrote it, in the language when a template knows it; the
 * engine's English sentence otherwise (English is always the sentence itself).
 */
export function translateReason(lang: Lang, reason: string): string {
  return lang === 'en' ? reason : translateIn(lang, reason, 0);
}

/** The sentences the engine answers a tool call with when it did not run it, or stopped it. */
const CALL_ANSWER_KEYS: ReadonlySet<MessageKey> = new Set<MessageKey>([
  'notices.error.blocked',
  'notices.error.blockedByRule',
  'notices.error.denied',
  'notices.error.deniedSaid',
  'notices.error.cancelledRunning',
  'notices.error.interrupted',
  'notices.error.unfinished',
  'reasons.deadlock',
  'reasons.writeRefused',
  'reasons.discardRefused',
  'reasons.staleChanged',
  'reasons.staleUnread',
  'reasons.onConflictBlock',
]);
const CALL_ANSWERS = REASON_TEMPLATES.filter((t) => CALL_ANSWER_KEYS.has(t.key));

/**
 * A tool call's error as the panel shows it: the engine's own answer (a refusal, a denial, a stop) in the
 * language; what the tool itself answered stays as it wrote it, even when it reads like one of the engine's
 * sentences.
 */
export function translateCallError(lang: Lang, error: string): string {
  return lang === 'en' ? error : translateIn(lang, error, 0, CALL_ANSWERS);
}
