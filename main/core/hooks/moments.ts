import { english, msg, type Msg } from '../../../shared/i18n/message';
import type { HookSource } from '../../../shared/hooks';
import type { HookAnswer } from './answer';
import type { HookAt, HookRun, HookRunner } from './runner';

/** How many times Stop hooks may keep one turn going, so two hooks that disagree cannot loop forever. */
export const MAX_STOP_ROUNDS = 3;

/** How a hook is named to the model (the notes of Stop and PostToolUse hooks, which only the model reads). */
export const hookName = (run: HookRun): string => `${run.hook.event} hook \`${run.hook.command}\` (${run.hook.source} settings)`;

/** The settings a hook comes from, as a word of each language. */
export const sourceWord = (source: HookSource): Msg => msg(`notices.hook.source.${source}`);

/** The values that name a hook in a verdict's sentence (`refused by PreToolUse hook `…` (user settings)`). */
export const hookNamed = (run: HookRun): { event: string; command: string; source: Msg } => ({
  event: run.hook.event,
  command: run.hook.command,
  source: sourceWord(run.hook.source),
});

/** What a hook said, after its verdict: its words as it wrote them, or the engine's sentence for it ('' when none). */
export const hookSaid = (answer: HookAnswer): Msg | '' => (answer.message ? msg('notices.hook.said', { message: answer.messageMsg ?? answer.message }) : '');

/** The context hooks returned, joined under their names, for the user message of the turn. */
export function withHookContext(text: string, contexts: readonly string[]): string {
  return contexts.length === 0 ? text : [text, ...contexts].join('\n\n');
}

function contextBlocks(runs: readonly HookRun[]): string[] {
  return runs.flatMap((r) =>
    r.answer.context ? [`<hook-context event="${r.hook.event}" command="${r.hook.command.replaceAll('"', '&quot;')}">\n${r.answer.context}\n</hook-context>`] : [],
  );
}

/**
 * The start of a turn: SessionStart hooks on the session's first turn, then UserPromptSubmit hooks. Returns the
 * context they add (kept with the prompt in the transcript, so the model sees it for the rest of the session),
 * or why a UserPromptSubmit hook refused the prompt.
 */
export async function openTurn(
  runner: HookRunner,
  at: HookAt,
  first: boolean,
  prompt: string,
): Promise<{ refused: string | null; refusedMsg: Msg | null; context: string[] }> {
  const context: string[] = [];
  if (first) context.push(...contextBlocks(await runner.run('SessionStart', at, 'startup', { source: 'startup' })));
  const submitted = await runner.run('UserPromptSubmit', at, null, { prompt });
  const refusal = submitted.find((r) => r.answer.decision === 'block');
  if (refusal) {
    // The refusal as data for people; `refused` is its English, the prompt's error.
    const why = msg('notices.hook.refused', { ...hookNamed(refusal), rest: msg('notices.hook.said', { message: refusal.answer.messageMsg ?? refusal.answer.message ?? msg('notices.hook.noReason') }) });
    return { refused: english(why), refusedMsg: why, context };
  }
  context.push(...contextBlocks(submitted));
  return { refused: null, refusedMsg: null, context };
}

/**
 * The model has answered without calling tools: Stop hooks may keep the turn going (exit 2 or `{"decision":
 * "block"}`), at most MAX_STOP_ROUNDS times per turn. Returns the note for the model, or null to end the turn.
 */
export async function stopTurn(runner: HookRunner, at: HookAt, rounds: number, answer: string): Promise<string | null> {
  if (rounds >= MAX_STOP_ROUNDS) return null;
  const runs = await runner.run('Stop', at, null, { stop_hook_active: rounds > 0, last_assistant_message: answer });
  const more = runs.filter((r) => r.answer.decision === 'block');
  if (more.length === 0) return null;
  return more.map((r) => `${hookName(r)} asks you to keep going:\n${r.answer.message ?? ''}`).join('\n\n');
}

/** After a tool ran: PostToolUse hooks see its result; what a blocking one says is added to the result for the model. */
export async function afterTool(
  runner: HookRunner,
  at: HookAt,
  call: { tool: string; input: unknown; callId: string },
  response: { ok: boolean; output: string },
): Promise<string | null> {
  const runs = await runner.run('PostToolUse', at, call.tool, { tool_name: call.tool, tool_input: call.input, tool_use_id: call.callId, tool_response: response }, call.tool);
  const said = runs.filter((r) => r.answer.decision === 'block');
  return said.length === 0 ? null : said.map((r) => `${hookName(r)}: ${r.answer.message ?? ''}`).join('\n\n');
}

/** An approval card was raised: Notification hooks run beside the wait, never holding it up. */
export function notifyApproval(runner: HookRunner, at: HookAt, call: { tool: string; input: unknown; approvalRef: string }): void {
  void runner
    .run('Notification', at, 'permission_prompt', {
      notification_type: 'permission_prompt',
      message: `Paragents needs your permission to use ${call.tool}`,
      tool_name: call.tool,
      tool_input: call.input,
      approval_ref: call.approvalRef,
    })
    .catch(() => undefined);
}

/** A compaction is about to run (`auto` near the window or when the provider refused, `manual` when asked for). */
export async function beforeCompaction(runner: HookRunner, at: HookAt, trigger: 'auto' | 'manual', focus: string | null): Promise<void> {
  await runner.run('PreCompact', at, trigger, { trigger, custom_instructions: focus ?? '' });
}
