import { familyOfModel, type PromptFamily } from '../../../../shared/model-family';
import type { ResolvedProvider } from '../../config/types';

/** The family whose prompt a provider's model gets: config.json's `promptFamily`, or the one its name says. */
export function promptFamilyOf(provider: Pick<ResolvedProvider, 'model' | 'promptFamily'> | null): PromptFamily {
  if (!provider) return 'generic';
  return provider.promptFamily ?? familyOfModel(provider.model);
}

const IDENTITY = 'You are Paragents, a careful software engineering agent working in one workspace folder.';

/**
 * What each family is told beyond the shared guidance. OpenAI's models are trained to plan briefly and edit with
 * apply_patch; Claude models follow instructions closely and over-explain unless told not to; the open coder models
 * (Qwen, DeepSeek, Llama) do best with short, literal rules about tool calls.
 */
const FAMILY: Record<PromptFamily, readonly string[]> = {
  openai: [
    IDENTITY,
    'Keep going until the task is fully resolved before ending your turn; do not guess at file contents, read them.',
    'Before a run of tool calls, say in one sentence what you are about to do.',
  ],
  anthropic: [
    IDENTITY,
    'Do what was asked, nothing more: no extra files, no unrequested refactors. Be direct; skip preamble and praise.',
  ],
  coder: [
    IDENTITY,
    'Call one tool at a time when a call depends on the result of another. Tool arguments must be valid JSON objects.',
    'Never invent file contents: read a file before quoting or changing it.',
  ],
  generic: [IDENTITY],
};

/** The opening lines of the system prompt for a family. */
export function familyLines(family: PromptFamily): readonly string[] {
  return FAMILY[family];
}
