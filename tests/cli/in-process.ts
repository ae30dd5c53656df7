import { Readable } from 'node:stream';
import { main } from '../../main/cli/main';

export interface InProcessRun {
  code: number;
  out: string[];
  err: string[];
}

/** Runs the CLI in this process on `home`, with empty stdin and no environment (the command opens and closes the engine). */
export async function cliIn(home: string, args: string[]): Promise<InProcessRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { stdin: Readable.from(['']), stdout: (l) => out.push(l), stderr: (l) => err.push(l), env: {}, home });
  return { code, out, err };
}
