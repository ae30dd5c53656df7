import type { SessionRow } from '../../store/rows';
import type { Store } from '../../store/store';

/** A child's card names its parent (`parent › child` wherever it is shown); nothing for a session at the top. */
export function cardParent(store: Store, session: SessionRow): { parentRef?: string; parentName?: string | null } {
  const parent = session.parent_id ? store.sessions.get(session.parent_id) : undefined;
  return parent ? { parentRef: parent.ref, parentName: parent.name } : {};
}
