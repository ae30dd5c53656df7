import { open } from 'node:fs/promises';

const SNIFF_BYTES = 8192;

/** A file counts as binary when its first 8 KiB contain a NUL byte (the heuristic git and grep use). */
export function looksBinary(buf: Uint8Array): boolean {
  const end = Math.min(buf.length, SNIFF_BYTES);
  for (let i = 0; i < end; i++) if (buf[i] === 0) return true;
  return false;
}

export async function fileLooksBinary(abs: string): Promise<boolean> {
  const fh = await open(abs, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
    return looksBinary(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}
