import { chmod, readFile, stat, unlink } from 'node:fs/promises';
import { ApplyPatchInput } from '../../../shared/patch-tools';
import { atomicWriteFile } from './atomic-write';
import { looksBinary } from './binary';
import { defineTool } from './define';
import { unifiedDiff } from './diff';
import { fileTarget, type ToolEffect } from './effects';
import { ToolError, errorText, fsErrorMessage, isErrno } from './errors';
import { applyHunks } from './patch-apply';
import { parsePatch, type PatchOp } from './patch-parse';
import { displayPath, resolveToolPath } from './paths';
import type { TempFileJournal } from './temp-journal';

interface Place {
  abs: string;
  shown: string;
}

interface Existing {
  raw: Buffer;
  mode: number;
}

/** One file's change, computed in full before anything is written. */
type FileChange =
  | { kind: 'add'; file: Place; after: string }
  | { kind: 'delete'; file: Place; before: Existing }
  | { kind: 'update'; file: Place; before: Existing; after: string; dest: Place | null };

function fail(text: string): never {
  throw new ToolError(`apply_patch: ${text}`);
}

async function readExisting(file: Place): Promise<Existing> {
  try {
    const info = await stat(file.abs);
    if (info.isDirectory()) fail(`${file.shown} is a directory, not a file.`);
    return { raw: await readFile(file.abs), mode: info.mode & 0o7777 };
  } catch (e) {
    if (e instanceof ToolError) throw e;
    if (isErrno(e, 'ENOENT')) fail(`${file.shown} does not exist; use \`*** Add File: \` to create it.`);
    fail(fsErrorMessage(e, file.shown));
  }
}

async function refuseExisting(file: Place, hint: string): Promise<void> {
  try {
    await stat(file.abs);
  } catch (e) {
    // A parent that is a file is not an existing target: the write itself will say what is wrong.
    if (isErrno(e, 'ENOENT') || isErrno(e, 'ENOTDIR')) return;
    fail(fsErrorMessage(e, file.shown));
  }
  fail(`${file.shown} already exists; ${hint}`);
}

function textOf(file: Place, before: Existing): string {
  if (looksBinary(before.raw)) fail(`${file.shown} looks like a binary file; apply_patch only changes text files.`);
  return before.raw.toString('utf8');
}

/** Reads every file the patch names and computes its new content; throws before anything is written. */
async function planChanges(ops: readonly PatchOp[], workspace: string, home: string): Promise<FileChange[]> {
  const seen = new Set<string>();
  const place = (given: string): Place => {
    const abs = resolveToolPath(workspace, given, home);
    const shown = displayPath(workspace, abs);
    if (seen.has(abs)) fail(`the patch names ${shown} twice; put all the changes to one file in one section.`);
    seen.add(abs);
    return { abs, shown };
  };
  const changes: FileChange[] = [];
  for (const op of ops) {
    const file = place(op.path);
    if (op.kind === 'add') {
      await refuseExisting(file, 'use `*** Update File: ` to change it.');
      changes.push({ kind: 'add', file, after: op.content });
    } else if (op.kind === 'delete') {
      changes.push({ kind: 'delete', file, before: await readExisting(file) });
    } else {
      const before = await readExisting(file);
      const after = applyHunks(textOf(file, before), op.hunks, file.shown);
      const dest = op.moveTo === null ? null : place(op.moveTo);
      if (dest) await refuseExisting(dest, 'move to a path that does not exist yet, or delete it first.');
      changes.push({ kind: 'update', file, before, after, dest });
    }
  }
  return changes;
}

interface Step {
  shown: string;
  run(): Promise<unknown>;
  undo(): Promise<unknown>;
}

/** Writes the changes: contents first, moves next, removals last; a failure undoes the steps already taken. */
async function commitChanges(changes: readonly FileChange[], temps: TempFileJournal | undefined): Promise<void> {
  const write = (file: Place, data: string | Buffer) => atomicWriteFile(file.abs, data, file.shown, { temps });
  const restore = async (file: Place, before: Existing) => {
    await write(file, before.raw);
    await chmod(file.abs, before.mode);
  };
  const writes: Step[] = [];
  const moves: Step[] = [];
  const removals: Step[] = [];
  for (const c of changes) {
    if (c.kind === 'add') {
      writes.push({ shown: c.file.shown, run: () => write(c.file, c.after), undo: () => unlink(c.file.abs) });
    } else if (c.kind === 'delete') {
      removals.push({ shown: c.file.shown, run: () => unlink(c.file.abs), undo: () => restore(c.file, c.before) });
    } else if (c.dest === null) {
      writes.push({ shown: c.file.shown, run: () => write(c.file, c.after), undo: () => write(c.file, c.before.raw) });
    } else {
      const dest = c.dest;
      moves.push({
        shown: dest.shown,
        run: async () => {
          await write(dest, c.after);
          await chmod(dest.abs, c.before.mode);
        },
        undo: () => unlink(dest.abs),
      });
      removals.push({ shown: c.file.shown, run: () => unlink(c.file.abs), undo: () => restore(c.file, c.before) });
    }
  }
  const done: Step[] = [];
  for (const step of [...writes, ...moves, ...removals]) {
    try {
      await step.run();
      done.push(step);
    } catch (e) {
      const why = e instanceof ToolError ? e.message : fsErrorMessage(e, step.shown);
      // A write can fail after its rename (the chmod of a moved file): undo it too; undoing what is not there is harmless.
      const unrestored: string[] = [];
      for (const s of [step, ...done.reverse()]) {
        try {
          await s.undo();
        } catch (u) {
          if (s !== step && !isErrno(u, 'ENOENT')) unrestored.push(`${s.shown} (${errorText(u)})`);
        }
      }
      const undone =
        unrestored.length === 0
          ? 'the files already changed were put back as they were'
          : `restoring ${unrestored.join(', ')} failed as well; check those files`;
      fail(`writing ${step.shown} failed: ${why} The patch was not applied; ${undone}.`);
    }
  }
}

function describe(c: FileChange): string {
  if (c.kind === 'add') return `added ${c.file.shown}`;
  if (c.kind === 'delete') return `deleted ${c.file.shown}`;
  return c.dest ? `moved ${c.file.shown} → ${c.dest.shown}` : `updated ${c.file.shown}`;
}

function diffOf(c: FileChange): string {
  if (c.kind === 'add') return unifiedDiff('', c.after, c.file.shown);
  const before = c.before.raw.toString('utf8');
  if (c.kind === 'delete') return unifiedDiff(before, '', c.file.shown);
  return unifiedDiff(before, c.after, c.dest ? `${c.file.shown} → ${c.dest.shown}` : c.file.shown);
}

/** What each section of the patch will do; pure, so a patch that does not parse is left to `run` to refuse. */
function patchEffects(input: { input: string }, place: { workspace: string; home: string }): ToolEffect[] {
  let ops: PatchOp[];
  try {
    ops = parsePatch(input.input);
  } catch {
    return [{ kind: 'opaque', tool: 'apply_patch' }];
  }
  return ops.flatMap((op): ToolEffect[] => {
    const target = fileTarget(place, op.path);
    if (op.kind === 'add') return [{ kind: 'write', ...target, edit: false }];
    if (op.kind === 'delete' || op.moveTo === null) return [{ kind: 'write', ...target, edit: true }];
    return [
      { kind: 'write', ...target, edit: true },
      { kind: 'write', ...fileTarget(place, op.moveTo), edit: false },
    ];
  });
}

export const applyPatchTool = defineTool({
  name: 'apply_patch',
  description: [
    'Add, delete, update and move files with one patch, applied to all files or to none. Format:',
    '*** Begin Patch',
    '*** Add File: <path>      (each line of the new file follows, starting with +)',
    '*** Delete File: <path>',
    '*** Update File: <path>',
    '*** Move to: <new path>   (optional, right after Update File)',
    '@@ <optional line the hunk comes after, e.g. a function signature>',
    ' context line (starts with a space)',
    '-removed line',
    '+added line',
    '*** End of File           (optional: the hunk ends the file)',
    '*** End Patch',
    'Give about 3 lines of context around each change, exactly as in the file; hunks of one file go in file order.',
    'Example:',
    '*** Begin Patch',
    '*** Update File: src/app.py',
    '@@ def greet():',
    '-    print("Hi")',
    '+    print("Hello")',
    '*** Add File: NOTES.md',
    '+# Notes',
    '*** End Patch',
  ].join('\n'),
  inputSchema: ApplyPatchInput,
  effects: patchEffects,
  async run(input, ctx) {
    const ops = parsePatch(input.input);
    const changes = await planChanges(ops, ctx.workspace, ctx.host.home);
    await commitChanges(changes, ctx.tempFiles);
    const diff = changes.map(diffOf).filter((d) => d !== '').join('\n');
    const summary = `Applied the patch: ${changes.map(describe).join(', ')}.`;
    return { ok: true, output: diff === '' ? summary : `${summary}\n${diff}`, diff };
  },
});
