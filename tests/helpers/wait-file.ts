import { readFileSync, watch } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Resolves with a file's text once it exists and `ready` accepts it. A stand-in program tells the test how far it
 * got by writing a file; watching its folder wakes the test when it does, instead of looking again and again.
 */
export function fileWritten(file: string, ready: (text: string) => boolean = () => true, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    // Watch before the first look, so a write between the two is not missed.
    const watcher = watch(dirname(file));
    const timer = setTimeout(() => finish(new Error(`timed out waiting for ${file}`)), timeoutMs);
    const finish = (error: Error | null, text = ''): void => {
      clearTimeout(timer);
      watcher.close();
      if (error) reject(error);
      else resolve(text);
    };
    const look = (): void => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return;
      }
      if (ready(text)) finish(null, text);
    };
    watcher.on('change', look);
    watcher.on('error', (e) => finish(e));
    look();
  });
}

/** The pid a stand-in program wrote to `file` (waits until the whole number is there). */
export async function pidWritten(file: string, timeoutMs = 20_000): Promise<number> {
  return Number((await fileWritten(file, (t) => /^\d+\n?$/.test(t), timeoutMs)).trim());
}
