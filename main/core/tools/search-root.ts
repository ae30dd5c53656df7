import { stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { ToolError, fsErrorMessage } from './errors';
import { displayPath, resolveToolPath } from './paths';

export interface SearchRoot {
  abs: string;
  shown: string;
  info: Stats;
}

/** Resolves the optional `path` input of Glob/Grep (default: the workspace) and checks it exists. */
export async function resolveSearchRoot(workspace: string, p: string | undefined, home: string): Promise<SearchRoot> {
  const abs = resolveToolPath(workspace, p ?? '.', home);
  const shown = displayPath(workspace, abs);
  try {
    return { abs, shown, info: await stat(abs) };
  } catch (e) {
    throw new ToolError(fsErrorMessage(e, shown));
  }
}
