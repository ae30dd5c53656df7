import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createEngine, type Engine } from '../core/engine';
import { loadConfig } from '../core/config';
import { drivePrompts } from './drive-prompts';
import { EXIT_USAGE, type CliIo } from './io';
import { RUN_USAGE } from './usage';

const ParallelFile = z.object({
  sessions: z
    .array(z.object({ name: z.string().min(1).optional(), workspace: z.string().min(1), prompt: z.string().min(1) }).strict())
    .min(1),
}).strict();

interface Job {
  name: string | null;
  workspace: string;
  prompt: string;
}

export async function runRunCommand(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        workspace: { type: 'string' },
        prompt: { type: 'string' },
        session: { type: 'string' },
        parallel: { type: 'string' },
        approve: { type: 'string', default: 'ask' },
        'on-conflict': { type: 'string', default: 'wait' },
        json: { type: 'boolean', default: false },
        worktree: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (e) {
    io.stderr(`paragents run: ${(e as Error).message}\n${RUN_USAGE}`);
    return EXIT_USAGE;
  }
  const approve = values.approve;
  if (approve !== 'ask' && approve !== 'all' && approve !== 'never') {
    io.stderr(`paragents run: --approve must be ask, all or never (got "${approve}")`);
    return EXIT_USAGE;
  }
  const onConflict = values['on-conflict'];
  if (onConflict !== 'wait' && onConflict !== 'override' && onConflict !== 'block') {
    io.stderr(`paragents run: --on-conflict must be wait, override or block (got "${onConflict}")`);
    return EXIT_USAGE;
  }

  let jobs: Job[];
  if (values.parallel) {
    if (values.workspace || values.prompt || values.session) {
      io.stderr('paragents run: --parallel FILE takes the sessions from the file; drop --workspace/--prompt/--session');
      return EXIT_USAGE;
    }
    const parsed = readParallelFile(values.parallel);
    if (typeof parsed === 'string') {
      io.stderr(`paragents run: ${parsed}`);
      return EXIT_USAGE;
    }
    jobs = parsed;
  } else {
    if (!values.workspace || !values.prompt) {
      io.stderr(`paragents run: --workspace and --prompt are required\n${RUN_USAGE}`);
      return EXIT_USAGE;
    }
    jobs = [{ name: values.session ?? null, workspace: resolve(values.workspace), prompt: values.prompt }];
  }

  const config = loadConfig({ home: io.home, env: io.env });
  if (!config.ok) {
    io.stderr(`paragents run: ${config.error.message}`);
    return EXIT_USAGE;
  }

  let engine: Engine;
  try {
    engine = await createEngine({ home: io.home, env: io.env, approvals: approve, headless: approve !== 'ask', recover: false, onConflict });
  } catch (e) {
    io.stderr(`paragents run: ${(e as Error).message}`);
    return EXIT_USAGE;
  }
  try {
    return await drive(engine, jobs, io, { json: values.json ?? false, approve, isolate: values.worktree ?? false });
  } finally {
    await engine.close();
  }
}

function readParallelFile(file: string): Job[] | string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return `cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return `${file}: invalid JSON: ${(e as Error).message}`;
  }
  const r = ParallelFile.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    return `${file}: ${issue ? `${issue.path.join('.') || '(top level)'}: ${issue.message}` : 'invalid'} — expected {"sessions":[{"name","workspace","prompt"}, ...]}`;
  }
  const base = dirname(resolve(file));
  return r.data.sessions.map((s) => ({ name: s.name ?? null, workspace: resolve(base, s.workspace), prompt: s.prompt }));
}

async function drive(engine: Engine, jobs: Job[], io: CliIo, opts: { json: boolean; approve: string; isolate: boolean }): Promise<number> {
  const h = engine.handlers;
  const sessions: string[] = [];
  const code = await drivePrompts(engine, io, opts, async (track) => {
    // Sessions first, then the prompts, so that they start together.
    for (const job of jobs) {
      const existing = job.name ? await h['session.get']({ session: job.name }) : null;
      if (existing?.ok && existing.value.name === job.name) {
        const isolated = existing.value.worktree ?? null;
        if (opts.isolate && !isolated) {
          io.stderr(`paragents run: session "${job.name}" already exists and is not isolated; --worktree applies to new sessions`);
          return EXIT_USAGE;
        }
        if ((isolated?.baseWorkspace ?? existing.value.workspace) !== job.workspace) {
          io.stderr(`paragents run: session "${job.name}" belongs to workspace ${isolated?.baseWorkspace ?? existing.value.workspace}, not ${job.workspace}`);
          return EXIT_USAGE;
        }
        if (existing.value.closedAt) {
          io.stderr(`paragents run: session "${job.name}" is closed`);
          return EXIT_USAGE;
        }
        // A turn this session's last process left mid-way goes first, exactly as the app would resume it; the
        // new prompt queues behind it.
        for (const p of existing.value.prompts) {
          if (p.status !== 'interrupted') continue;
          const resumed = await h['prompt.resume']({ prompt: p.id });
          if (resumed.ok) track(resumed.value);
        }
        sessions.push(existing.value.id);
        continue;
      }
      const created = await h['session.create']({ workspace: job.workspace, ...(job.name ? { name: job.name } : {}), ...(opts.isolate ? { isolate: true } : {}) });
      if (!created.ok) {
        io.stderr(`paragents run: ${created.error.message}`);
        return EXIT_USAGE;
      }
      sessions.push(created.value.id);
    }
    for (const [i, job] of jobs.entries()) {
      const sent = await h['prompt.send']({ session: sessions[i] as string, text: job.prompt });
      if (!sent.ok) {
        io.stderr(`paragents run: ${sent.error.message}`);
        return EXIT_USAGE;
      }
      track(sent.value);
    }
    return null;
  });
  if (code !== EXIT_USAGE && opts.isolate && !opts.json) await printWorktreeHints(engine, sessions, io);
  return code;
}

/** After an isolated run: where the work is and how to review and merge it. */
async function printWorktreeHints(engine: Engine, sessions: readonly string[], io: CliIo): Promise<void> {
  for (const id of sessions) {
    const s = await engine.handlers['session.get']({ session: id });
    const wt = s.ok ? s.value.worktree : null;
    if (!s.ok || !wt) continue;
    const who = s.value.name ?? s.value.ref;
    io.stdout(`[S:${who}] work is on branch ${wt.branch} in ${wt.path}; review: paragents worktree diff ${who}; merge into ${wt.baseRef ?? '(no base branch)'}: paragents worktree merge ${who} [--preview]`);
  }
}
