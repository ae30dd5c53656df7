const SNIFF_BYTES = 8192;

/** A file counts as binary when its first 8 KiB contain a NUL byte (the heuristic git and grep use). */
export function looksBinary(buf: Uint8Array): boolean {
  const end = Math.min(buf.length, SNIFF_BYTES);
  for (let i = 0; i < end; i++) if (buf[i] === 0) return true;
  return false;
}
