import path from 'node:path';
import { msg, type Msg } from '../../../shared/i18n/message';

/** Folders that hold configuration run by git, editors, the shell or Paragents itself. */
export const PROTECTED_DIRS: ReadonlySet<string> = new Set(['.git', '.paragents', '.vscode', '.husky', '.githooks', '.idea', '.ssh', '.devcontainer']);
/** Files that run code or hold credentials when a tool next starts. */
export const PROTECTED_FILES: ReadonlySet<string> = new Set([
  '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.profile', '.zshrc', '.zshenv', '.zprofile', '.zlogin',
  '.zlogout', '.kshrc', '.cshrc', '.tcshrc', '.inputrc', '.envrc', '.npmrc', '.yarnrc', '.yarnrc.yml', '.pnpmrc',
  '.mcp.json', '.gitconfig', '.gitmodules', '.git-credentials', '.netrc', '.pypirc', 'config.fish',
]);

/** Why writing this path is never auto-approved, or null. Works for files that do not exist yet. */
export function protectedReason(abs: string): Msg | null {
  const segments = abs.split(path.sep).filter((s) => s !== '');
  const dirs = segments.slice(0, -1);
  const name = segments[segments.length - 1] ?? '';
  for (const seg of segments) if (PROTECTED_DIRS.has(seg)) return msg('reasons.protectedFolder', { name: seg });
  if (PROTECTED_FILES.has(name)) return msg('reasons.protectedFile', { name });
  if (dirs.includes('hooks') && dirs.includes('.git')) return msg('reasons.gitHooks');
  return null;
}
