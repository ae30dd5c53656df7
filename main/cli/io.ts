/** What a CLI command may touch, passed in so tests can run commands in-process. */
export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  env: Record<string, string | undefined>;
  home: string;
  /**
   * `--remote NAME`: the command works with the engine of that remote machine (config.json's `remotes`), reached
   * over SSH, instead of this machine's.
   */
  remote?: string;
}

/** Exit codes: 0 success, 1 a turn failed or was cancelled, 2 bad usage or configuration. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
