import { open, stat } from 'node:fs/promises';
import { ReadInput } from '../../../shared/tools';
import { looksBinary } from './binary';
import { imageFile, readImage } from './read-image';
import { defineTool } from './define';
import { ToolError, fsErrorMessage } from './errors';
import { fileTarget } from './effects';
import { displayPath, resolveToolPath } from './paths';

export const READ_MAX_LINES = 2000;
export const READ_MAX_BYTES = 256 * 1024;
export const READ_MAX_LINE_CHARS = 2000;
/** Bytes kept per line before decoding: enough for READ_MAX_LINE_CHARS of any UTF-8 text. */
const KEEP_LINE_BYTES = READ_MAX_LINE_CHARS * 4 + 4;
const CHUNK = 64 * 1024;

interface Window {
  offset: number;
  limit: number;
}

interface Scan {
  lines: string[];
  totalLines: number;
  /** First line not shown because a cap or the limit was hit; null when the window reached the end. */
  nextOffset: number | null;
  cutLines: number;
}

function renderLine(lineNo: number, parts: Buffer[], kept: number, full: number): { text: string; cut: boolean } {
  let text = Buffer.concat(parts, kept).toString('utf8');
  if (kept === full && text.endsWith('\r')) text = text.slice(0, -1);
  let cut = full > kept;
  if (text.length > READ_MAX_LINE_CHARS) {
    text = text.slice(0, READ_MAX_LINE_CHARS);
    cut = true;
  }
  const suffix = cut ? ' … [line cut at 2000 characters]' : '';
  return { text: `${String(lineNo + 1).padStart(6)}\t${text}${suffix}`, cut };
}

/**
 * Streams the file once: renders the lines in the window, then only counts the rest. `checkStart` sees the
 * file's first chunk before anything else is done, and may refuse the file by throwing (one open and read serve
 * both, which matters at every Read of every step).
 */
async function scanFile(abs: string, win: Window, signal: AbortSignal, checkStart: (start: Buffer) => void): Promise<Scan> {
  const fh = await open(abs, 'r');
  const scan: Scan = { lines: [], totalLines: 0, nextOffset: null, cutLines: 0 };
  let outBytes = 0;
  let collecting = true;
  let parts: Buffer[] = [];
  let kept = 0;
  let full = 0;
  const finishLine = (): void => {
    const lineNo = scan.totalLines;
    if (collecting && lineNo >= win.offset) {
      const { text, cut } = renderLine(lineNo, parts, kept, full);
      const size = Buffer.byteLength(text) + 1;
      if (outBytes + size > READ_MAX_BYTES && scan.lines.length > 0) {
        collecting = false;
        scan.nextOffset = lineNo;
      } else {
        scan.lines.push(text);
        outBytes += size;
        if (cut) scan.cutLines++;
        if (scan.lines.length >= win.limit) {
          collecting = false;
          scan.nextOffset = lineNo + 1;
        }
      }
    }
    scan.totalLines++;
    parts = [];
    kept = 0;
    full = 0;
  };
  try {
    // Only the bytes read are looked at, so the buffer need not be zeroed.
    const buf = Buffer.allocUnsafe(CHUNK);
    let first: number | null = (await fh.read(buf, 0, CHUNK, null)).bytesRead;
    checkStart(buf.subarray(0, first));
    while (true) {
      if (signal.aborted) throw new ToolError('Read was cancelled.');
      const bytesRead = first ?? (await fh.read(buf, 0, CHUNK, null)).bytesRead;
      first = null;
      if (bytesRead === 0) break;
      let pos = 0;
      while (pos < bytesRead) {
        const nl = buf.indexOf(10, pos);
        const end = nl === -1 || nl >= bytesRead ? bytesRead : nl;
        const wanted = collecting && scan.totalLines >= win.offset;
        if (wanted && kept < KEEP_LINE_BYTES) {
          const take = Math.min(end - pos, KEEP_LINE_BYTES - kept);
          parts.push(Buffer.from(buf.subarray(pos, pos + take)));
          kept += take;
        }
        full += end - pos;
        if (end === bytesRead) break;
        finishLine();
        pos = end + 1;
      }
    }
    if (full > 0) finishLine();
  } finally {
    await fh.close();
  }
  if (scan.nextOffset !== null && scan.nextOffset >= scan.totalLines) scan.nextOffset = null;
  return scan;
}

export const readTool = defineTool({
  name: 'Read',
  description:
    'Read a text file, or show an image (PNG, JPEG, GIF, WebP) to a model that can see. Returns numbered lines like ' +
    '`cat -n` (line numbers start at 1). ' +
    `At most ${READ_MAX_LINES} lines and 256 KiB per call; use offset (0-based line) and limit to page through ` +
    'longer files. Lines longer than 2000 characters are cut. Binary files and directories are refused (use LS for directories).',
  inputSchema: ReadInput,
  effects: (input, place) => [{ kind: 'read', ...fileTarget(place, input.path) }],
  async run(input, ctx) {
    const abs = resolveToolPath(ctx.workspace, input.path, ctx.host.home);
    const shown = displayPath(ctx.workspace, abs);
    let info;
    try {
      info = await stat(abs);
    } catch (e) {
      throw new ToolError(fsErrorMessage(e, shown));
    }
    if (info.isDirectory()) throw new ToolError(`${shown} is a directory, not a file; use LS to list it.`);
    if (!info.isFile()) throw new ToolError(`${shown} is not a regular file (it may be a device, socket or pipe).`);
    if (await imageFile(abs)) return readImage(abs, shown, info.size, ctx.images);
    const offset = input.offset ?? 0;
    const limit = Math.min(input.limit ?? READ_MAX_LINES, READ_MAX_LINES);
    const scan = await scanFile(abs, { offset, limit }, ctx.signal, (start) => {
      if (looksBinary(start)) {
        throw new ToolError(`${shown} looks like a binary file (it contains NUL bytes); Read only shows text files.`);
      }
    });
    if (scan.totalLines === 0) return { ok: true, output: `(${shown} is empty)` };
    if (offset >= scan.totalLines) {
      throw new ToolError(
        `offset ${offset} is past the end of ${shown}, which has ${scan.totalLines} lines; use an offset below ${scan.totalLines}.`,
      );
    }
    const notes: string[] = [];
    if (scan.cutLines > 0) {
      notes.push(`${scan.cutLines} line(s) longer than ${READ_MAX_LINE_CHARS} characters were cut.`);
    }
    if (scan.nextOffset !== null) {
      const more = scan.totalLines - scan.nextOffset;
      notes.push(`… ${more} more lines; call Read with offset=${scan.nextOffset} to continue.`);
    }
    const output = [scan.lines.join('\n'), ...notes].join('\n');
    return { ok: true, output, truncated: scan.nextOffset !== null || scan.cutLines > 0 };
  },
});
