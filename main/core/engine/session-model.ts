import type { ResolvedProvider } from '../config/types';
import type { SessionRow } from '../store/rows';

/**
 * The provider a session talks to: the one a person chose for it (/model) while it is still configured, else the
 * default (`fallback`, first of the fallback order).
 */
export function sessionProvider<P extends ResolvedProvider | null>(
  session: Pick<SessionRow, 'chosen_provider'>,
  configured: readonly ResolvedProvider[],
  fallback: P,
): ResolvedProvider | P {
  const chosen = session.chosen_provider !== null ? configured.find((p) => p.name === session.chosen_provider) : undefined;
  return chosen ?? fallback;
}
