import { z } from 'zod';

/** The system prompts the engine keeps, one per family of models whose habits differ. */
export const PromptFamily = z.enum(['openai', 'anthropic', 'coder', 'generic']);
export type PromptFamily = z.infer<typeof PromptFamily>;

export const EditToolChoice = z.enum(['apply_patch', 'edit']);
export type EditToolChoice = z.infer<typeof EditToolChoice>;

export const ReasoningEffort = z.enum(['low', 'medium', 'high']);
export type ReasoningEffort = z.infer<typeof ReasoningEffort>;

/** The model's own name without a gateway's vendor prefix (`openai/gpt-5` → `gpt-5`), lower-cased. */
export function bareModelName(model: string): string {
  const lower = model.toLowerCase();
  const slash = lower.lastIndexOf('/');
  return slash === -1 ? lower : lower.slice(slash + 1);
}

const O_SERIES = /^o\d+(-|$)/;
const GPT_5 = /^gpt-5/;
const GPT_41_PLUS = /^gpt-4\.[1-9]/;

/** OpenAI's reasoning models (o-series, GPT-5): the ones that take `reasoning_effort`. */
export function isOpenAiReasoningModel(model: string): boolean {
  const m = bareModelName(model);
  return O_SERIES.test(m) || (GPT_5.test(m) && !m.includes('chat'));
}

/** The family a model's name says it belongs to. */
export function familyOfModel(model: string): PromptFamily {
  const m = bareModelName(model);
  const vendor = model.toLowerCase();
  if (O_SERIES.test(m) || m.startsWith('gpt-') || m.startsWith('chatgpt') || m.startsWith('codex')) return 'openai';
  if (m.startsWith('claude') || vendor.startsWith('anthropic/')) return 'anthropic';
  if (/qwen|deepseek|llama|codestral|devstral|starcoder|coder/.test(m)) return 'coder';
  return 'generic';
}

/** OpenAI's GPT-4.1 and later, GPT-5 and the o-series were trained on `apply_patch`; others edit with `Edit`. */
export function defaultEditTool(model: string): EditToolChoice {
  const m = bareModelName(model);
  return O_SERIES.test(m) || GPT_5.test(m) || GPT_41_PLUS.test(m) || m.startsWith('codex') ? 'apply_patch' : 'edit';
}

const VISION = [/^gpt-4o/, /^gpt-4\.1/, /^gpt-5/, /^o[134](-|$)/, /^claude-(3|sonnet|opus|haiku)/, /vision/, /-vl(-|$)/, /^qwen.*vl/, /^llava/, /^gemini/, /^pixtral/, /^llama-3\.2-.*vision/, /^gemma-3/];

/** Models known to accept image content parts. */
export function isKnownVisionModel(model: string): boolean {
  const m = bareModelName(model);
  return VISION.some((re) => re.test(m));
}
