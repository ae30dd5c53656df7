import { z } from 'zod';
import { english, msg, type Msg } from './i18n/message';
import { MsgSchema } from './msg-schema';

/** The moments a hook can run at, named as Claude Code names them so existing settings work as written. */
export const HookEventName = z.enum(['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Stop', 'Notification', 'PreCompact']);
export type HookEventName = z.infer<typeof HookEventName>;

/** The settings file a hook comes from. */
export const HookSource = z.enum(['managed', 'local', 'project', 'user']);
export type HookSource = z.infer<typeof HookSource>;

/**
 * What a hook's answer did: a PreToolUse verdict (`allow`, `deny`, `ask`), a refusal or "keep going" (`block`:
 * exit 2, or `{"decision": "block"}`), or text added to the model's context (`context`). Null: it only ran.
 */
export const HookDecision = z.enum(['allow', 'deny', 'ask', 'block', 'context']);
export type HookDecision = z.infer<typeof HookDecision>;

/**
 * Whether a configured hook runs in a workspace: `active`; a project hook in an untrusted workspace
 * (`untrusted`); a project hook whose command no person has approved yet (`needs_approval`); or a hook left out
 * because managed settings allow only their own hooks (`managed_only`).
 */
export const HookStanding = z.enum(['active', 'untrusted', 'needs_approval', 'managed_only']);
export type HookStanding = z.infer<typeof HookStanding>;

export const HookView = z.object({
  event: HookEventName,
  /** The matcher as written (a regular expression on tool names for Pre/PostToolUse); null when absent. */
  matcher: z.string().nullable(),
  command: z.string(),
  /** Seconds the hook may run before its process tree is killed. */
  timeout: z.number(),
  source: HookSource,
  file: z.string(),
  standing: HookStanding,
  /** Why it does not run, for every standing but `active`: in English, and as data for clients to render. */
  reason: z.string().nullable(),
  reasonMsg: MsgSchema.optional(),
  /** True when it runs confined by the OS sandbox in this workspace (an active project hook where the sandbox is on and runs); absent otherwise. */
  sandboxed: z.boolean().optional(),
});
export type HookView = z.infer<typeof HookView>;

export const HooksOverview = z.object({
  /** The workspace the project hooks were read from; null lists the user's and managed hooks only. */
  workspace: z.string().nullable(),
  trusted: z.boolean(),
  hooks: z.array(HookView),
  /** Hook settings that could not be used, each naming its file and field. */
  problems: z.array(z.object({ file: z.string(), message: z.string(), msg: MsgSchema.optional() })),
});
export type HooksOverview = z.infer<typeof HooksOverview>;

/** The figures of one hook run, as the `hook_ran` event carries them. */
export interface HookRanFigures {
  event: HookEventName;
  command: string;
  source: HookSource;
  exitCode: number | null;
  ms: number;
  decision: HookDecision | null;
  timedOut: boolean;
  /** The tool a Pre/PostToolUse hook ran for. */
  tool: string | null;
  /** What the hook said (stderr of a block or warning, the reason of a decision), shortened. */
  message: string | null;
  /** Set when `message` is the engine's sentence rather than the hook's words (it said nothing, it added context). */
  messageMsg?: Msg;
  /** Set when the hook was not run, saying why (a project hook not approved yet), and the same as data. */
  notRun: string | null;
  notRunMsg?: Msg;
  /** It ran confined by the OS sandbox. */
  sandboxed?: boolean;
}

const clip = (s: string, n: number): string => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
};

/** A closed-set word as its own sentence, so each language names it. */
const sourceWord = (source: HookSource): Msg => msg(`notices.hook.source.${source}`);

/**
 * The transcript line of a hook run as data, shared by the panel, `sessions show`, the export and the CLI's live
 * output. What the hook said stays as it wrote it; why it did not run is the engine's sentence (`notRunMsg`), or
 * its English text for events stored before it came as data.
 */
export function hookRanMsg(e: HookRanFigures): Msg {
  const head = { event: e.event, command: clip(e.command, 120), source: sourceWord(e.source) };
  const said = e.message ? msg('notices.hook.said', { message: e.messageMsg ?? clip(e.message, 300) }) : '';
  const ran: Msg = e.notRun
    ? msg('notices.hook.notRun', { why: e.notRunMsg ?? e.notRun })
    : e.timedOut
      ? msg('notices.hook.timedOut', { ms: e.ms, rest: e.decision ? decided(e.decision, said) : said })
      : e.exitCode === null
        ? msg('notices.hook.stopped', { ms: e.ms, rest: e.decision ? decided(e.decision, said) : said })
        : msg('notices.hook.exit', { code: e.exitCode, ms: e.ms, rest: e.decision ? decided(e.decision, said) : said });
  const outcome = e.sandboxed === true ? msg('notices.hook.sandboxed', { outcome: ran }) : ran;
  return e.tool ? msg('notices.hook.lineOn', { ...head, tool: e.tool, outcome }) : msg('notices.hook.line', { ...head, outcome });
}

const decided = (decision: HookDecision, said: Msg | ''): Msg => msg('notices.hook.decided', { decision: msg(`notices.hook.decision.${decision}`), rest: said });

/** The transcript line of a hook run in English: what the logs and `--json` readers see. */
export function hookRanText(e: HookRanFigures): string {
  return english(hookRanMsg(e));
}

/** A hook run that a person should look at: it timed out, failed (an exit code other than 0 and 2) or did not run. */
export function hookRanWarns(e: HookRanFigures): boolean {
  return e.timedOut || e.notRun !== null || (e.exitCode !== 0 && e.exitCode !== 2) || e.decision === 'block' || e.decision === 'deny';
}
