import type { PromptRow } from '../store/rows';
import type { ApprovalsMode } from './turn-context';

/** The engine's defaults (EngineOptions), for prompts sent without options of their own. */
export interface RunDefaults {
  approvals: ApprovalsMode;
  headless: boolean;
}

/** How one prompt's tool calls are decided. */
export interface RunOptions {
  approvals: ApprovalsMode;
  /** Never waits on a person: a policy "ask" that `approvals` does not answer is blocked. */
  headless: boolean;
}

/**
 * A prompt's own `approvals` wins over the engine's: `all` and `never` make it headless, `ask` means a person
 * answers (the client that sent it is there to). Without one, the engine's defaults apply.
 */
export function runOptionsOf(prompt: Pick<PromptRow, 'approvals'> | undefined, defaults: RunDefaults): RunOptions {
  const own = prompt?.approvals ?? null;
  if (own === null) return { approvals: defaults.approvals, headless: defaults.headless };
  return { approvals: own, headless: own !== 'ask' };
}
