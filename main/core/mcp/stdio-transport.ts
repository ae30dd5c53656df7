import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { killProcessTree } from '../tools/process-tree';
import { msg } from '../../../shared/i18n/message';
import { MsgError } from '../../../shared/msg-error';

export interface StdioServerParams {
  command: string;
  args: string[];
  /** The whole environment the server gets (the engine's, with the entry's `env` on top). */
  env: Record<string, string | undefined>;
  cwd: string;
  /** Each line the server writes to stderr. */
  onStderr(line: string): void;
  /** Called once the process has ended (a confined server's network allow list stops applying). */
  onExit?: () => void;
}

/** How the server's process ended: its exit code or the signal that stopped it. */
export interface ProcessEnding {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The stdio transport of an MCP server, spawning it as the leader of its own process group so that stopping it
 * stops everything it started (the SDK's transport signals only the one process, and `npx` or a shell wrapper
 * leave the real server running). The environment is the one the engine was given, never this process's own.
 */
export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | null = null;
  private readonly buffer = new ReadBuffer();
  private stderrRest = '';
  private closing: Promise<void> | null = null;
  /** Set once the process has ended. */
  ending: ProcessEnding | null = null;
  /** Settles once the ended process's group is stopped and `onclose` has run. */
  private finished: Promise<void> | null = null;

  constructor(private readonly params: StdioServerParams) {}

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('the MCP server process was already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.params.command, this.params.args, {
        cwd: this.params.cwd,
        env: this.params.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
        shell: false,
        windowsHide: true,
      });
      this.child = child;
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => resolve());
      child.stdout?.on('data', (chunk: Buffer) => {
        try {
          this.buffer.append(chunk);
        } catch (error) {
          // A message larger than the buffer allows: the server cannot be understood any more.
          this.onerror?.(error instanceof Error ? error : new Error(String(error)));
          void this.close();
          return;
        }
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = this.buffer.readMessage();
          } catch (error) {
            // A line that is not JSON-RPC (a server logging to stdout) is reported and skipped.
            this.onerror?.(error instanceof Error ? error : new Error(String(error)));
            continue;
          }
          if (message === null) break;
          this.onmessage?.(message);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => this.stderrChunk(chunk.toString('utf8')));
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      const closed = new Promise<void>((done) => child.once('close', () => done()));
      // 'exit', not 'close': a process the server started may hold its pipes open after the server itself is gone.
      child.once('exit', (code, signal) => {
        this.ending = { code, signal };
        this.params.onExit?.();
        const pid = child.pid;
        this.finished = (async () => {
          // The leader is gone; what it started may not be. Its group goes with it, which also closes the pipes.
          if (pid !== undefined) await killProcessTree(pid, { graceMs: 500 });
          await Promise.race([closed, delay(1000)]);
          if (this.stderrRest !== '') this.params.onStderr(this.stderrRest);
          this.stderrRest = '';
          this.onclose?.();
        })();
      });
    });
  }

  private stderrChunk(text: string): void {
    const lines = (this.stderrRest + text).split('\n');
    this.stderrRest = lines.pop() ?? '';
    for (const line of lines) this.params.onStderr(line.replace(/\r$/, ''));
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.ending || stdin.destroyed) {
        reject(new MsgError(msg('engineErrors.mcp.notRunning')));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Closes stdin, then stops the process group: SIGTERM, and SIGKILL for whatever is left after the grace. */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    const child = this.child;
    this.buffer.clear();
    if (!child || child.pid === undefined) return;
    const exited = this.ending ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      child.stdin?.end();
    } catch {
      // The pipe is already gone; the signals below still stop the process.
    }
    await killProcessTree(child.pid, { graceMs: 2000 });
    await exited;
    await this.finished;
  }
}
