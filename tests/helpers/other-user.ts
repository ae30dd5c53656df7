// Running the built command line as the unprivileged "nobody" (root ignores file modes, so a test of a permission
// error drops to that user). Nobody can only run what it can reach: a checkout under a folder only root can read
// (a clone in `mktemp -d`, /root) is out of its reach, so the bin, the built CLI and the packages the command loads
// are copied to a fresh folder everyone can read (folders 0755, files 0644) and run from there.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './temp';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const NOBODY = '65534';

export type NobodyCli =
  | { ok: true; /** setpriv and node, to be followed by `bin` and the command's arguments. */ command: string[]; bin: string }
  | { ok: false; reason: string };

/** Runs as root: the tests can drop to nobody (and need to, for file modes to apply). */
export const runningAsRoot = (): boolean => process.getuid?.() === 0;

/**
 * A copy of the bin that nobody can run, with the built CLI (out/cli, as the tests' global setup built it) and the
 * packages `command` loads, or why there cannot be one (no setpriv, a node binary or temp folder nobody can reach).
 */
export function nobodyCli(command: string): NobodyCli {
  const dir = tempDir('paragents-cli-copy-');
  chmodSync(dir, 0o755);
  const built = join(ROOT, 'out', 'cli');
  if (!existsSync(join(built, 'main.js'))) return { ok: false, reason: `the built CLI ${built}/main.js is missing (the global setup builds it)` };
  copyReadable(join(ROOT, 'package.json'), join(dir, 'package.json'));
  copyReadable(join(ROOT, 'bin'), join(dir, 'bin'));
  copyReadable(built, join(dir, 'out', 'cli'));
  for (const pkg of packageClosure(packagesLoaded(built, command))) copyReadable(pkg, join(dir, relative(ROOT, pkg)));
  const bin = join(dir, 'bin', 'paragents.js');
  const drop = ['setpriv', '--reuid', NOBODY, '--regid', NOBODY, '--clear-groups', process.execPath];
  const probe = spawnSync(drop[0]!, [...drop.slice(1), '-e', 'require("node:fs").accessSync(process.argv[1])', bin], { encoding: 'utf8' });
  if (probe.error) return { ok: false, reason: `setpriv cannot be started to drop to nobody: ${probe.error.message}` };
  if (probe.status !== 0) {
    return { ok: false, reason: `nobody cannot run ${process.execPath} on ${bin} (a folder above one of them is closed to other users): ${probe.stderr.trim()}` };
  }
  return { ok: true, command: drop, bin };
}

/** Copies a file or a folder (symlinks followed) so that every user can read it. */
function copyReadable(from: string, to: string): void {
  if (statSync(from).isDirectory()) {
    mkdirSync(to, { recursive: true });
    chmodSync(to, 0o755);
    for (const name of readdirSync(from)) copyReadable(join(from, name), join(to, name));
    return;
  }
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  chmodSync(to, 0o644);
}

/** An import or re-export of a module esbuild wrote: `from "x"`, `import "x"`, `import("x")`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"([^"]+)"/g;

/**
 * Package names the built CLI loads for one command: every module reachable from main.js, except the other
 * commands' entry chunks (main.js loads only the one its first argument names, `<command>-command-<hash>.js`).
 */
function packagesLoaded(built: string, command: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(join(built, file), 'utf8').matchAll(IMPORT)) {
      if (spec!.startsWith('./')) {
        const chunk = spec!.slice(2);
        if (file === 'main.js' && /-command-/.test(chunk) && !chunk.startsWith(`${command}-command-`)) continue;
        walk(chunk);
      } else if (!spec!.startsWith('node:')) {
        packages.add(spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!);
      }
    }
  };
  walk('main.js');
  return packages;
}

/** The folders of these packages and of everything they depend on, found the way Node finds them. */
function packageClosure(names: Iterable<string>): Set<string> {
  const dirs = new Set<string>();
  const visit = (name: string, from: string): void => {
    const dir = findPackage(name, from);
    // A name that is no package (a string in the bundle that looked like an import) loads nothing.
    if (!dir || dirs.has(dir)) return;
    dirs.add(dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    };
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) visit(dep, dir);
  };
  for (const name of names) visit(name, ROOT);
  return dirs;
}

function findPackage(name: string, from: string): string | null {
  for (let at = resolve(from); ; at = dirname(at)) {
    const dir = join(at, 'node_modules', name);
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (at === ROOT || dirname(at) === at) return null;
  }
}
