import type { ReasoningEffort } from '../../../shared/model-family';
import { isOpenAiReasoningModel } from '../../../shared/model-family';
import type { ResolvedProvider } from '../config/types';

/** How an endpoint takes a reasoning effort; null: it does not, so none is sent. */
export type EffortStyle = 'reasoning_effort' | 'openrouter' | null;

function isOpenRouter(baseURL: string): boolean {
  try {
    return new URL(baseURL).hostname.endsWith('openrouter.ai');
  } catch {
    return false;
  }
}

/**
 * OpenRouter takes `reasoning: { effort }` for every model it routes; OpenAI's o-series and GPT-5 take
 * `reasoning_effort`. Other models (and the servers that host them) refuse unknown fields or ignore them, so
 * nothing is sent there.
 */
export function effortStyle(provider: Pick<ResolvedProvider, 'baseURL' | 'model'>): EffortStyle {
  if (isOpenRouter(provider.baseURL)) return 'openrouter';
  return isOpenAiReasoningModel(provider.model) ? 'reasoning_effort' : null;
}

/** The request fields for an effort on this provider (none where the endpoint does not take one). */
export function effortParams(provider: ResolvedProvider, effort: ReasoningEffort | null): Record<string, unknown> {
  if (effort === null) return {};
  switch (effortStyle(provider)) {
    case 'reasoning_effort':
      return { reasoning_effort: effort };
    case 'openrouter':
      return { reasoning: { effort } };
    case null:
      return {};
    default: {
      const never: never = effortStyle(provider) as never;
      return never;
    }
  }
}
