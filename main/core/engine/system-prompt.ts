import type { PromptFamily } from '../../../shared/model-family';
import type { SessionPlan } from '../../../shared/plan';
import type { ToolSpec } from '../model/types';
import { familyLines } from './prompt/families';
import { guidanceLines } from './prompt/guidance';

/** The system prompt's parts, each counted apart in /context. */
export interface SystemParts {
  /** The family's opening, the workspace and the guidance: changes only with the tools or the family. */
  base: string;
  /** Where the model stands (main/core/engine/prompt/environment.ts), rebuilt at each turn's start; '' before the first. */
  environment: string;
  /** The session's live plan; '' when it has none. */
  plan: string;
}

export function basePrompt(workspace: string, tools: readonly ToolSpec[], family: PromptFamily = 'generic'): string {
  const names = tools.map((t) => t.function.name);
  return [...familyLines(family), `Workspace: ${workspace}`, ...guidanceLines(names)].join('\n');
}

/** The plan as the model reads it at every step, so it survives compaction. */
export function planBlock(plan: SessionPlan | null): string {
  if (!plan || plan.items.length === 0) return '';
  const mark = { pending: '[ ]', in_progress: '[>]', completed: '[x]' } as const;
  const done = plan.items.filter((i) => i.status === 'completed').length;
  return [
    `<plan progress="${done}/${plan.items.length}">`,
    ...plan.items.map((i, n) => `${n + 1}. ${mark[i.status]} ${i.content}`),
    '</plan>',
    'This is your current plan (from the Plan tool); keep it up to date with Plan as steps start and finish.',
  ].join('\n');
}

/** The whole system prompt: the base with the project instructions (`withBase`), then the environment and the plan. */
export function composeSystem(withBase: string, parts: Pick<SystemParts, 'environment' | 'plan'>): string {
  return [withBase, parts.environment, parts.plan].filter((p) => p !== '').join('\n\n');
}

/** Stored as the session's first message: the base the session started with, for exports and history. */
export function systemPrompt(workspace: string, tools: readonly ToolSpec[], family: PromptFamily = 'generic'): string {
  return basePrompt(workspace, tools, family);
}
