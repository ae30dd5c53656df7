/*
 * Newline-delimited frames: one JSON message per line, both directions. A newline byte never occurs inside a
 * UTF-8 multi-byte character, so lines are cut on bytes and decoded whole.
 */

export interface LineReader {
  /** Feeds bytes as they arrive; calls `onLine` for each complete line (a trailing `\r` removed, blank lines skipped). */
  push(chunk: Buffer): void;
}

export interface LineReaderOptions {
  onLine(line: string): void;
  /** A line longer than this many bytes is never buffered whole: `onOversize` is called and reading stops. */
  maxBytes?: number;
  onOversize?(): void;
}

const NEWLINE = 0x0a;

export function createLineReader(options: LineReaderOptions): LineReader {
  const max = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let parts: Buffer[] = [];
  let held = 0;
  let stopped = false;

  const emit = (bytes: Buffer): void => {
    let line = bytes.toString('utf8');
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim() !== '') options.onLine(line);
  };

  return {
    push(chunk) {
      let start = 0;
      while (!stopped) {
        const nl = chunk.indexOf(NEWLINE, start);
        const end = nl < 0 ? chunk.length : nl;
        if (held + (end - start) > max) {
          stopped = true;
          parts = [];
          options.onOversize?.();
          return;
        }
        if (nl < 0) {
          if (end > start) {
            parts.push(chunk.subarray(start));
            held += end - start;
          }
          return;
        }
        const piece = chunk.subarray(start, nl);
        const whole = parts.length === 0 ? piece : Buffer.concat([...parts, piece]);
        parts = [];
        held = 0;
        start = nl + 1;
        emit(whole);
      }
    },
  };
}

/** One message as one line. */
export const frame = (message: unknown): string => `${JSON.stringify(message)}\n`;
