import { createInterface } from 'node:readline';
import type { CliIo } from './io';

/** Asks a yes/no question on the terminal: true only for `y` or `yes`; a closed input is a no. */
export async function confirm(io: CliIo, question: string): Promise<boolean> {
  const rl = createInterface({ input: io.stdin, crlfDelay: Infinity });
  try {
    io.stdout(question);
    for await (const line of rl) return /^y(es)?$/i.test(line.trim());
    return false;
  } finally {
    rl.close();
  }
}
