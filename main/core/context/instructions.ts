import { createHash } from 'node:crypto';
import { readFileSync, statSync, type Stats } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** One instruction file that went into the model's context. `bytes` is the file's full size on disk. */
export interface InstructionSource {
  path: string;
  bytes: number;
  truncated: boolean;
}

export interface LoadedInstructions {
  /** The files' text in order (user level first, the workspace's own folder last), each under its path. */
  text: string;
  sources: InstructionSource[];
  /** Each source's part of `text`, in the same order (for counting tokens per file). */
  blocks: string[];
  /** sha256 of `text`: equal hashes mean the model sees the same instructions. */
  hash: string;
}

/** Default caps: one file, and all files together (the model's window is shared with the work itself). */
export const INSTRUCTIONS_MAX_FILE_BYTES = 32 * 1024;
export const INSTRUCTIONS_MAX_TOTAL_BYTES = 64 * 1024;

/** Read in this order in each folder; the first one present is used, so CLAUDE.md only where there is no AGENTS.md. */
export const INSTRUCTION_FILE_NAMES = ['AGENTS.md', 'CLAUDE.md'] as const;

/**
 * File contents keyed by path and checked against (size, mtimeMs), so a turn that finds its files unchanged
 * costs one stat per candidate and no read. Owned by the caller (one per engine); the module keeps no state.
 */
export interface InstructionsCache {
  readonly files: Map<string, { size: number; mtimeMs: number; content: Buffer }>;
}

export function createInstructionsCache(): InstructionsCache {
  return { files: new Map() };
}

export interface LoadInstructionsOptions {
  /** The session's folder. */
  workspace: string;
  /** $PARAGENTS_HOME: its AGENTS.md applies to every session. */
  home: string;
  /** Cap per file in bytes (default 32 KiB). */
  maxBytes?: number;
  /** Cap for all files together in bytes (default 64 KiB, and at least `maxBytes`). */
  maxTotalBytes?: number;
  cache?: InstructionsCache;
}

/**
 * Reads the project instructions a session's model gets: `$PARAGENTS_HOME/AGENTS.md`, then `AGENTS.md` (or,
 * where a folder has none, `CLAUDE.md`) in each folder from the workspace's git root down to the workspace
 * (only the workspace folder when it is not inside a git repository). Never throws: a file that cannot be read
 * is left out.
 */
export function loadInstructions(opts: LoadInstructionsOptions): LoadedInstructions {
  const perFile = Math.max(0, opts.maxBytes ?? INSTRUCTIONS_MAX_FILE_BYTES);
  const total = Math.max(perFile, opts.maxTotalBytes ?? INSTRUCTIONS_MAX_TOTAL_BYTES);
  const files: { path: string; content: Buffer }[] = [];
  const seen = new Set<string>();
  const userFile = readIfFile(join(resolve(opts.home), 'AGENTS.md'), opts.cache);
  if (userFile) {
    files.push(userFile);
    seen.add(userFile.path);
  }
  for (const folder of instructionFolders(opts.workspace)) {
    for (const name of INSTRUCTION_FILE_NAMES) {
      const path = join(folder, name);
      const file = readIfFile(path, opts.cache);
      if (!file) continue;
      // A workspace inside $PARAGENTS_HOME must not get the user file twice.
      if (!seen.has(path)) files.push(file);
      seen.add(path);
      break;
    }
  }

  // The nearest file is the most specific, so when the total is over the cap the farthest ones are cut first.
  const shown = new Array<number>(files.length).fill(0);
  let left = total;
  for (let i = files.length - 1; i >= 0; i--) {
    const size = (files[i] as { content: Buffer }).content.length;
    shown[i] = Math.min(size, perFile, left);
    left -= shown[i] as number;
  }

  const sources: InstructionSource[] = [];
  const blocks: string[] = [];
  files.forEach((f, i) => {
    const keep = utf8Boundary(f.content, shown[i] as number);
    const cut = f.content.length - keep;
    let body = f.content.subarray(0, keep).toString('utf8').replace(/\s+$/, '');
    if (cut > 0) body += `${body ? '\n' : ''}${truncationNote(baseName(f.path), cut)}`;
    if (!body.trim()) return;
    sources.push({ path: f.path, bytes: f.content.length, truncated: cut > 0 });
    blocks.push(`### ${f.path}\n\n${body}`);
  });
  const text = blocks.join('\n\n');
  return { text, sources, blocks, hash: createHash('sha256').update(text).digest('hex') };
}

/** The visible note left where a file was cut: `[AGENTS.md truncated: 12,345 more bytes not shown]`. */
export function truncationNote(fileName: string, moreBytes: number): string {
  return `[${fileName} truncated: ${moreBytes.toLocaleString('en-US')} more bytes not shown]`;
}

export const INSTRUCTIONS_HEADING = '## Project instructions';

/**
 * The system-prompt section for loaded instructions ('' when there are none): a heading, the files it came
 * from, a sentence that they instruct but do not permit, then the files' text.
 */
export function instructionsSection(loaded: LoadedInstructions): string {
  if (loaded.sources.length === 0) return '';
  const lines = loaded.sources.map(
    (s) => `- ${s.path} (${s.bytes.toLocaleString('en-US')} bytes${s.truncated ? ', truncated' : ''})`,
  );
  return [
    INSTRUCTIONS_HEADING,
    '',
    'Instructions from the user and the project, read from these files (later files are more specific):',
    ...lines,
    '',
    'Follow them as instructions about how to work here. They are not permissions: they cannot allow a tool ' +
      'call, a command or a path that the permission policy does not allow, and the policy never reads them.',
    '',
    loaded.text,
  ].join('\n');
}

/** A system prompt with the instructions section after it (unchanged when there are no instructions). */
export function withInstructions(systemPrompt: string, loaded: LoadedInstructions): string {
  const section = instructionsSection(loaded);
  return section ? `${systemPrompt}\n\n${section}` : systemPrompt;
}

/**
 * The folders whose instruction file applies, outermost first: from the git root (the nearest folder holding
 * a `.git` folder or file, so a worktree counts as its own root) down to the workspace.
 */
export function instructionFolders(workspace: string): string[] {
  const ws = resolve(workspace);
  const root = gitRoot(ws);
  if (!root) return [ws];
  const rel = relative(root, ws);
  const parts = rel ? rel.split(sep) : [];
  const out = [root];
  for (let i = 1; i <= parts.length; i++) out.push(join(root, ...parts.slice(0, i)));
  return out;
}

function gitRoot(start: string): string | null {
  let dir = start;
  for (;;) {
    if (statOrNull(join(dir, '.git'))) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

function readIfFile(path: string, cache: InstructionsCache | undefined): { path: string; content: Buffer } | null {
  const st = statOrNull(path);
  if (!st?.isFile()) {
    cache?.files.delete(path);
    return null;
  }
  const hit = cache?.files.get(path);
  if (hit && hit.size === st.size && hit.mtimeMs === st.mtimeMs) return { path, content: hit.content };
  let content: Buffer;
  try {
    content = readFileSync(path);
  } catch {
    cache?.files.delete(path);
    return null;
  }
  cache?.files.set(path, { size: st.size, mtimeMs: st.mtimeMs, content });
  return { path, content };
}

function statOrNull(path: string): Stats | null {
  try {
    // Most candidates (the .git of each parent folder, CLAUDE.md, …) are missing at every step: no exception for them.
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** The largest length ≤ n that does not split a UTF-8 character. */
function utf8Boundary(buf: Buffer, n: number): number {
  if (n >= buf.length) return buf.length;
  let end = n;
  // Continuation bytes are 10xxxxxx: step back to the start of the character that would be split.
  while (end > 0 && ((buf[end] as number) & 0xc0) === 0x80) end--;
  return end;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf(sep) + 1);
}
