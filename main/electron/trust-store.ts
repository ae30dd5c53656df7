import { isTrustedWorkspace, trustWorkspaceSync } from '../core/policy/trust';

/*
 * Trust on first use, for folders opened from the desktop (drop, tray, "Open folder…"), recorded in the
 * engine's own list ($PARAGENTS_HOME/trusted-workspaces.json, the same one `paragents workspace trust`
 * writes), so the policy sees the same answer.
 */

export interface TrustStore {
  isTrusted(folder: string): boolean;
  remember(folder: string): void;
}

export function createTrustStore(home: string): TrustStore {
  return {
    isTrusted: (folder) => isTrustedWorkspace(home, folder),
    remember: (folder) => {
      trustWorkspaceSync(home, folder);
    },
  };
}
