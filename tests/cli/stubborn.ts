import { join } from 'node:path';
import { pidWritten } from '../helpers/wait-file';

// A tool process that ignores SIGTERM and SIGINT, as a build or a server sometimes does: it writes its pid to
// stubborn.pid in the workspace, then loops until it is SIGKILLed.
export const STUBBORN = `bash -c 'trap "" TERM INT; echo $$ > stubborn.pid; while :; do sleep 0.2; done'`;

/** The stubborn job's pid, once it has written it (its Bash call is running). */
export function stubbornPid(ws: string): Promise<number> {
  return pidWritten(join(ws, 'stubborn.pid'));
}
