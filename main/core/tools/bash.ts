import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { BashInput } from '../../../shared/tools';
import { defineTool } from './define';
import { ToolError, errorText } from './errors';
import { OutputCapture } from './output-capture';
import { killProcessTree } from './process-tree';
import type { ConfinedCommand, SandboxRefusal, ToolContext, ToolOutcome } from './types';

export const BASH_DEFAULT_TIMEOUT_MS = 120_000;
/** After the shell exits, how long to wait for background processes to release the output pipes. */
const PIPE_GRACE_MS = 250;
/** SIGTERM → SIGKILL grace when stopping a command. */
const KILL_GRACE_MS = 2000;

type Ending =
  | { kind: 'exited'; code: number | null; signal: NodeJS.Signals | null; pipesHeld: boolean }
  | { kind: 'timeout'; ms: number }
  | { kind: 'cancelled' }
  | { kind: 'spawn_error'; message: string };

function withOutput(text: string, output: string): string {
  return output === '' ? text : `${text}\n${output}`;
}

function outcomeOf(ending: Ending, capture: OutputCapture): ToolOutcome {
  const output = capture.text();
  const truncated = capture.omitted > 0;
  switch (ending.kind) {
    case 'spawn_error':
      return { ok: false, error: `Could not start bash: ${ending.message}.` };
    case 'timeout':
      return {
        ok: false,
        error: withOutput(
          `Command timed out after ${ending.ms} ms and was stopped (its whole process group was killed). ` +
            'Raise timeout_ms (max 600000) or run long jobs in the background with output to a file. Output so far:',
          output,
        ),
      };
    case 'cancelled':
      return { ok: false, error: withOutput('Command was cancelled. Output so far:', output) };
    case 'exited': {
      const note = ending.pipesHeld
        ? '\n(Background processes started by the command are still running; their later output is not captured.)'
        : '';
      if (ending.signal) {
        return { ok: false, error: withOutput(`Command was killed by signal ${ending.signal}.`, output) + note };
      }
      if (ending.code !== 0) {
        return { ok: false, error: withOutput(`Command exited with code ${ending.code}.`, output) + note };
      }
      return { ok: true, output: (output === '' ? '(no output)' : output) + note, truncated };
    }
  }
}

/** What to spawn: `bash -c command` itself, or the sandbox's wrapper around it. */
interface Launch {
  file: string;
  args: string[];
  env: Record<string, string | undefined>;
}

/** Runs the command in its own process group and settles once it has ended one way or another. */
function runShell(launch: Launch, ctx: ToolContext, timeoutMs: number, capture: OutputCapture): Promise<Ending> {
  const { signal } = ctx;
  return new Promise((resolve) => {
    const child = spawn(launch.file, launch.args, {
      cwd: ctx.workspace,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: launch.env,
    });
    const onData = (chunk: Buffer): void => capture.push(chunk);
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);

    let stopReason: Ending | null = null;
    let settled = false;
    let pipeTimer: NodeJS.Timeout | undefined;
    let hardTimer: NodeJS.Timeout | undefined;

    const settle = (ending: Ending): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(pipeTimer);
      clearTimeout(hardTimer);
      signal.removeEventListener('abort', onAbort);
      ctx.forceSignal?.removeEventListener('abort', onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve(ending);
    };
    const stop = (reason: Ending): void => {
      if (stopReason || settled) return;
      stopReason = reason;
      if (child.pid !== undefined) void killProcessTree(child.pid, { graceMs: KILL_GRACE_MS, force: ctx.forceSignal });
      // Even a process stuck in the kernel must not hold the agent forever.
      hardTimer = setTimeout(() => settle(reason), KILL_GRACE_MS + 1000);
    };
    const onAbort = (): void => stop({ kind: 'cancelled' });
    const timer = setTimeout(() => stop({ kind: 'timeout', ms: timeoutMs }), timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    // A forced stop that comes first is a stop too; one that comes during the grace cuts it short (killProcessTree).
    ctx.forceSignal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (e) => settle({ kind: 'spawn_error', message: errorText(e) }));
    child.on('exit', (code, sig) => {
      clearTimeout(timer);
      const ended = (pipesHeld: boolean): Ending => stopReason ?? { kind: 'exited', code, signal: sig, pipesHeld };
      child.once('close', () => settle(ended(false)));
      pipeTimer = setTimeout(() => settle(ended(true)), PIPE_GRACE_MS);
    });
  });
}

export const bashTool = defineTool({
  name: 'Bash',
  description:
    'Run a shell command with bash in the workspace folder (no stdin). Returns combined stdout and stderr; long ' +
    'output keeps the first ~20 KB and the last ~10 KB. A non-zero exit code is reported as an error together with ' +
    `the output. Default timeout ${BASH_DEFAULT_TIMEOUT_MS} ms (timeout_ms up to 600000); on timeout the command and ` +
    'everything it started are killed.',
  inputSchema: BashInput,
  effects: (input) => [{ kind: 'shell', command: input.command }],
  async run(input, ctx) {
    if (ctx.signal.aborted) return { ok: false, error: 'Command was cancelled before it started.' };
    const isDir = await stat(ctx.workspace).then((s) => s.isDirectory(), () => false);
    if (!isDir) throw new ToolError(`The workspace folder ${ctx.workspace} does not exist, so the command cannot run.`);
    const capture = new OutputCapture();
    const timeoutMs = input.timeout_ms ?? BASH_DEFAULT_TIMEOUT_MS;
    // The engine's environment, whose HOME is the home the policy resolved `~` to: the command's `~` and `$HOME`
    // name the folder the policy checked.
    const env = { ...ctx.host.env };
    if (!ctx.sandbox) return outcomeOf(await runShell({ file: 'bash', args: ['-c', input.command], env }, ctx, timeoutMs, capture), capture);
    let confined: ConfinedCommand;
    try {
      confined = await ctx.sandbox.confine(input.command, { cwd: ctx.workspace, env });
    } catch (e) {
      return { ok: false, error: `The sandbox could not prepare the command: ${errorText(e)}.` };
    }
    try {
      const [file, ...args] = confined.argv;
      const ending = await runShell({ file: file as string, args, env: confined.env }, ctx, timeoutMs, capture);
      return withRefusals(outcomeOf(ending, capture), confined.refusals(capture.text()));
    } finally {
      confined.release();
    }
  },
});

/** The sandbox's refusals, told to the model after the output so it can change course or ask to run outside. */
function withRefusals(outcome: ToolOutcome, refusals: SandboxRefusal[]): ToolOutcome {
  if (refusals.length === 0) return outcome;
  const lines = refusals.map((r) => `- ${r.kind} ${r.target}`).join('\n');
  const note =
    `\n\nThe sandbox refused:\n${lines}\n` +
    'Commands may write only in the session\'s folders and reach only allowed hosts. If the task needs more, run the ' +
    'command again with dangerouslyDisableSandbox: true (a person must approve it), or change course.';
  return outcome.ok ? { ...outcome, output: outcome.output + note, refusals } : { ...outcome, error: outcome.error + note, refusals };
}
