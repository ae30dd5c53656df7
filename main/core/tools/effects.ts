import { normaliseToolPath } from './paths';
import type { ToolPlace } from './types';

/**
 * What a tool call will do, declared by the tool before it runs, so that the permission policy and the conflict
 * checks reason about the call by what it does rather than by the tool's name. Paths come twice: `path` is the
 * absolute, normalised file the tool opens; `given` is the input's own spelling, which the policy checks as the
 * kernel will resolve it (a symlink followed by `..` leads elsewhere than the normalised path).
 */
export type ToolEffect =
  /** Reads one file's content (Read). */
  | { kind: 'read'; path: string; given: string }
  /**
   * Reads the names below a folder (LS; Glob with the glob `pattern`, relative to the folder or absolute, which
   * can reach past it: `../x/*`, `/etc/*`). No file content is read.
   */
  | { kind: 'list'; root: string; given: string; pattern: string | null }
  /** Reads the content of the files below a folder, or of the one file `root` names (Grep); `filter` is a glob on them. */
  | { kind: 'search'; root: string; given: string; filter: string | null }
  /**
   * Creates or changes one file. `edit`: the call changes part of the current content, so the result depends on
   * the version it started from (Edit); otherwise it writes the whole content (Write).
   */
  | { kind: 'write'; path: string; given: string; edit: boolean }
  /** Runs a bash command in the workspace; what it touches comes from parsing it (see PreparedCall.shell). */
  | { kind: 'shell'; command: string }
  /** Fetches a URL. */
  | { kind: 'fetch'; url: string }
  /** Calls a tool of an MCP server (`mcp__server__tool`). */
  | { kind: 'mcp'; server: string; tool: string }
  /** Starts a child session (Agent): the call itself touches no file; what the child does passes its own checks. */
  | { kind: 'agent'; description: string }
  /** Replaces the session's plan (Plan): no file, no process, nothing outside the engine. */
  | { kind: 'plan' }
  /** A tool that declares nothing the checks can read: the policy asks about it. */
  | { kind: 'opaque'; tool: string };

/** True when the effect only reads: the calls plan mode allows and a broken managed settings file still lets through. */
export function isReadOnly(effect: ToolEffect): boolean {
  switch (effect.kind) {
    case 'read':
    case 'list':
    case 'search':
      return true;
    case 'plan':
      return true;
    case 'agent':
      // Children inherit the parent's mode, so a child of a plan-mode session can only read too.
      return true;
    case 'write':
    case 'shell':
    case 'fetch':
    case 'mcp':
    case 'opaque':
      return false;
    default: {
      const never: never = effect;
      return never;
    }
  }
}

/** A path input as a `read` or `write` target; an omitted path means the workspace. */
export function fileTarget(place: ToolPlace, given: string | undefined): { path: string; given: string } {
  const spelled = given ?? '.';
  return { path: normaliseToolPath(place.workspace, spelled, place.home), given: spelled };
}
