import { defaultEditTool, type EditToolChoice } from '../../../shared/model-family';
import type { ResolvedProvider } from '../config/types';

/** One filtered array per tool list and choice: counters and caches key on the array, so every step gets the same. */
const filtered = new WeakMap<readonly unknown[], Map<EditToolChoice, unknown[]>>();

/**
 * The tools a provider's model is offered: OpenAI's GPT-4.1+, GPT-5 and o-series models were trained to edit with
 * `apply_patch`, so they get it instead of Edit and MultiEdit; every other model gets those two instead
 * (config.json's `editTool` overrides the choice per provider). Offering both would split the model's habits.
 */
export function offeredTools<T extends { function: { name: string } }>(specs: readonly T[], provider: Pick<ResolvedProvider, 'model' | 'editTool'> | null): T[] {
  const edit = provider?.editTool ?? (provider ? defaultEditTool(provider.model) : 'edit');
  let byChoice = filtered.get(specs);
  if (!byChoice) {
    byChoice = new Map();
    filtered.set(specs, byChoice);
  }
  const known = byChoice.get(edit) as T[] | undefined;
  if (known) return known;
  const hidden = edit === 'apply_patch' ? ['Edit', 'MultiEdit'] : ['apply_patch'];
  const offered = specs.filter((s) => !hidden.includes(s.function.name));
  byChoice.set(edit, offered);
  return offered;
}
