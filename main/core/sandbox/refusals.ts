import path from 'node:path';
import picomatch from 'picomatch';
import type { SandboxRefusal } from '../tools/types';

/**
 * How programs report a write the sandbox's read-only mounts refused (bash and coreutils, Python, Node) and a read
 * of a path it hid. The kernel says no more than EROFS/EACCES, so the output is the only place the path is named.
 */
const WRITE_PATTERNS: RegExp[] = [
  // bash: line 1: /x/y: Read-only file system · touch: cannot touch '/x': Read-only file system
  /(?:^|[\s:])['‘"]?([^\s'‘’":][^'‘’":\n]*?)['’"]?: Read-only file system/gm,
  // OSError: [Errno 30] Read-only file system: '/x'
  /Read-only file system: ['"]([^'"\n]+)['"]/gm,
  // Error: EROFS: read-only file system, open '/x'
  /EROFS: read-only file system, \w+ '([^'\n]+)'/gm,
];
/**
 * A denied path that did not exist is masked by a placeholder (a file where a folder would go), and a denied folder
 * is hidden behind an empty one: programs then say "Not a directory", "File exists" or "No such file or
 * directory". Those count only for paths the session's lists deny.
 */
const MASKED_PATTERNS: RegExp[] = [
  /(?:^|[\s:])['‘"]?([^\s'‘’":][^'‘’":\n]*?)['’"]?: (?:Not a directory|File exists|No such file or directory)/gm,
  /(?:Not a directory|File exists|No such file or directory): ['"]([^'"\n]+)['"]/gm,
  /E(?:NOTDIR|EXIST|NOENT): [^,\n]+, \w+ '([^'\n]+)'/gm,
];
const READ_PATTERNS: RegExp[] = [
  /(?:^|[\s:])['‘"]?([^\s'‘’":][^'‘’":\n]*?)['’"]?: Permission denied/gm,
  /Permission denied: ['"]([^'"\n]+)['"]/gm,
  /EACCES: permission denied, \w+ '([^'\n]+)'/gm,
  ...MASKED_PATTERNS,
];
/** The proxy's record of a refused connection: `deny network-outbound host:port (reason)`. */
const NETWORK = /deny network-outbound (\S+:\d+)/;

const under = (p: string, root: string): boolean => p === root || p.startsWith(root.endsWith('/') ? root : `${root}/`);

/** Whether a path is named by one of the lists' entries: a path (and what is below it) or a glob. */
function listed(entries: readonly string[]): (p: string) => boolean {
  const tests = entries.map((e) => {
    const folder = e.replace(/\/\*\*$/, '');
    if (!picomatch.scan(folder).isGlob) return (p: string) => under(p, folder);
    const isMatch = picomatch(e, { dot: true });
    return (p: string) => isMatch(p);
  });
  return (p) => tests.some((t) => t(p));
}

function paths(output: string, patterns: RegExp[], cwd: string): string[] {
  const found: string[] = [];
  for (const re of patterns) {
    for (const m of output.matchAll(re)) {
      const raw = (m[1] ?? '').trim();
      // "line 1" and the like are a program's words before the path, never a path of their own.
      if (raw === '' || /^line \d+$/.test(raw)) continue;
      found.push(path.resolve(cwd, raw));
    }
  }
  return found;
}

/**
 * What the sandbox refused one command: writes named in its output, reads of paths the session may not read (a
 * plain "Permission denied" elsewhere is the file's own mode, not the sandbox), and the connections the proxy
 * turned away.
 */
export function findRefusals(
  output: string,
  opts: { cwd: string; denyRead: readonly string[]; denyWrite: readonly string[]; proxyLines: readonly string[] },
): SandboxRefusal[] {
  const out: SandboxRefusal[] = [];
  const seen = new Set<string>();
  const add = (r: SandboxRefusal): void => {
    const key = `${r.kind} ${r.target}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(r);
  };
  for (const target of paths(output, WRITE_PATTERNS, opts.cwd)) add({ kind: 'write', target });
  const masked = listed(opts.denyWrite);
  for (const target of paths(output, MASKED_PATTERNS, opts.cwd)) if (masked(target)) add({ kind: 'write', target });
  const hidden = listed(opts.denyRead);
  for (const target of paths(output, READ_PATTERNS, opts.cwd)) if (hidden(target)) add({ kind: 'read', target });
  for (const line of opts.proxyLines) {
    const m = NETWORK.exec(line);
    if (m) add({ kind: 'network', target: m[1] as string });
  }
  return out;
}
