import path from 'node:path';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { ToolError } from './errors';

/**
 * Absolute, normalised form of `p`: `~` and `~/…` expand to `home` (the engine's home folder, the one the
 * policy and the shell use), relative paths resolve against the workspace. Does no validation;
 * `resolveToolPath` is the checked version.
 */
export function normaliseToolPath(workspace: string, p: string, home: string): string {
  let expanded = p;
  if (p === '~') expanded = home;
  else if (p.startsWith('~/')) expanded = path.join(home, p.slice(2));
  return path.resolve(path.resolve(workspace), expanded);
}

/** Checked `normaliseToolPath`: an error result for paths no file system call can take. */
export function tryResolveToolPath(workspace: string, p: string, home: string): Result<string> {
  if (p.includes('\0')) {
    return err('invalid_input', `The path ${JSON.stringify(p)} contains a NUL byte; remove it and try again.`);
  }
  if (p.trim() === '') return err('invalid_input', 'The path is empty; give a file or directory path.');
  return ok(normaliseToolPath(workspace, p, home));
}

/** Like `tryResolveToolPath` but throws a `ToolError` (for use inside a tool's `run`). */
export function resolveToolPath(workspace: string, p: string, home: string): string {
  const r = tryResolveToolPath(workspace, p, home);
  if (!r.ok) throw new ToolError(r.error.message);
  return r.value;
}

/** How to show `abs` to the model: relative to the workspace when inside it, absolute otherwise. */
export function displayPath(workspace: string, abs: string): string {
  const rel = path.relative(path.resolve(workspace), abs);
  if (rel === '') return '.';
  if (rel.startsWith('..') || path.isAbsolute(rel)) return abs;
  return rel.split(path.sep).join('/');
}
