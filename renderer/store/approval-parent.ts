import { useShallow } from 'zustand/react/shallow';
import { sessionTitle } from './status';
import { usePanel } from './use-panel';

/**
 * For a child's card: its parent's and its own titles (shown `parent › child`), and whether the parent has other
 * children (then "for all children" is offered). Null for a session at the top.
 */
export function useChildCard(sessionId: string): { parent: string; child: string; siblings: boolean } | null {
  return usePanel(
    useShallow((s) => {
      const v = s.domain.sessions[sessionId];
      if (!v?.parent) return null;
      const parent = Object.values(s.domain.sessions).find((p) => p.ref === v.parent);
      if (!parent) return null;
      const siblings = Object.values(s.domain.sessions).filter((x) => x.parent === v.parent).length > 1;
      return { parent: sessionTitle(parent), child: sessionTitle(v), siblings };
    }),
  );
}
