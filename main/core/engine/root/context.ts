import { createInstructionsCache } from '../../context/instructions';
import { createTokenCounters } from '../../context/tokens';
import type { WindowResolver } from '../../context/window';
import type { PriceBook } from '../../cost';
import type { HookRunner } from '../../hooks';
import type { OutsideRepositories } from './repositories';
import type { ContextDeps } from '../context-step';

/** The model's view of each session: compactions, token counts kept per message, project instructions. */
export function buildContext(d: { home: string; repositories: Pick<OutsideRepositories, 'compactions' | 'tracker'>; windows: WindowResolver; hooks: HookRunner; prices: PriceBook }): ContextDeps {
  const { windows, hooks, prices } = d;
  const context: ContextDeps = {
    home: d.home,
    compactions: d.repositories.compactions,
    counters: createTokenCounters(),
    windows,
    instructions: createInstructionsCache(),
    tracker: d.repositories.tracker,
    systemCounts: new Map(),
    hooks,
    prices,
  };
  return context;
}
