import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { GitFacts } from './git-facts';

/** Another open session working in the same repository, and the outputs its unfinished prompts declared. */
export interface PeerSession {
  name: string;
  outputs: string[];
}

export interface EnvironmentFacts {
  workspace: string;
  now: Date;
  git: GitFacts;
  /** The session works in its own git worktree. */
  isolated: boolean;
  /** Its Bash commands run in the OS sandbox. */
  sandboxed: boolean;
  peers: PeerSession[];
}

let osName: string | null = null;
/** The distribution's own name (`Debian GNU/Linux 12 (bookworm)`) where /etc/os-release says it. */
function osDescription(): string {
  if (osName === null) {
    let pretty = '';
    try {
      pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '';
    } catch {
      // macOS and Windows have no /etc/os-release; the kernel's release says enough there.
    }
    osName = `${os.platform()} ${os.release()}${pretty ? ` (${pretty})` : ''}`;
  }
  return osName;
}

/** Today as the engine's machine sees it: YYYY-MM-DD in local time. */
export function localDate(now: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The environment block of the system prompt: where the model stands, rebuilt at each turn's start. */
export function environmentBlock(f: EnvironmentFacts): string {
  const out = ['<environment>'];
  out.push(`Platform: ${osDescription()}`, 'Shell: bash (the Bash tool)', `Today's date: ${localDate(f.now)}`, `Workspace: ${f.workspace}`);
  if (!f.git.repo) {
    out.push('Git repository: no');
  } else {
    out.push('Git repository: yes');
    out.push(`Branch: ${f.git.branch ?? '(detached HEAD)'}${f.git.defaultBranch ? ` (default branch: ${f.git.defaultBranch})` : ''}`);
    if (f.git.statusTotal === 0) out.push('Status: clean');
    else {
      out.push(`Status (${f.git.statusTotal} changed):`, ...f.git.status.map((l) => `  ${l}`));
      if (f.git.statusTotal > f.git.status.length) out.push(`  … and ${f.git.statusTotal - f.git.status.length} more`);
    }
    if (f.git.commits.length > 0) out.push('Recent commits:', ...f.git.commits.map((c) => `  ${c}`));
  }
  out.push(`Isolated: ${f.isolated ? 'yes, in its own git worktree (its changes are merged back when done)' : 'no, in the workspace itself'}`);
  out.push(`Sandboxed: ${f.sandboxed ? 'yes, Bash commands run in the OS sandbox' : 'no'}`);
  if (f.peers.length > 0) {
    out.push('Other sessions in this repository:');
    for (const p of f.peers) out.push(`  ${p.name}${p.outputs.length > 0 ? ` (declared outputs: ${p.outputs.join(', ')})` : ''}`);
  }
  out.push('</environment>');
  return out.join('\n');
}
