import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { RequestHandlers } from '../../shared/api';
import type { ImageUpload } from '../../shared/images';
import { loadConfig } from '../core/config';
import { drivePrompts, type DriveOptions } from './drive-prompts';
import type { EngineLink } from './engine-link';
import type { Translator } from '../../shared/i18n';
import { cliText, engineError, parseArgsMessage } from './cli-text';
import { EXIT_USAGE, type CliIo } from './io';
import type { Interrupts } from './signals';
import { engineFolder, localFolder, planJobs, type Field, type Job } from './run-plan';
import { RUN_USAGE, usage } from './usage';
import { withEngine } from './with-engine';

const ParallelFile = z.object({
  sessions: z
    .array(z.object({ name: z.string().min(1).optional(), workspace: z.string().min(1), prompt: z.string().min(1) }).strict())
    .min(1),
}).strict();

export async function runRunCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        workspace: { type: 'string' },
        prompt: { type: 'string' },
        'prompt-file': { type: 'string' },
        session: { type: 'string' },
        parallel: { type: 'string' },
        approve: { type: 'string', default: 'ask' },
        'on-conflict': { type: 'string', default: 'wait' },
        json: { type: 'boolean', default: false },
        worktree: { type: 'boolean', default: false },
        image: { type: 'string', multiple: true },
      },
      strict: true,
    }));
  } catch (e) {
    io.stderr(`paragents run: ${parseArgsMessage(text, e)}\n${usage(t, RUN_USAGE)}`);
    return EXIT_USAGE;
  }
  const approve = values.approve;
  if (approve !== 'ask' && approve !== 'all' && approve !== 'never') {
    io.stderr(`paragents run: ${t('cliSessions.run.badApprove', { value: approve ?? '' })}`);
    return EXIT_USAGE;
  }
  const onConflict = values['on-conflict'];
  if (onConflict !== 'wait' && onConflict !== 'override' && onConflict !== 'block') {
    io.stderr(`paragents run: ${t('cliSessions.run.badOnConflict', { value: onConflict ?? '' })}`);
    return EXIT_USAGE;
  }

  let jobs: Job[];
  if (values.parallel) {
    if (values.workspace || values.prompt !== undefined || values['prompt-file'] !== undefined || values.session || values.image) {
      io.stderr(`paragents run: ${t('cliSessions.run.parallelAlone')}`);
      return EXIT_USAGE;
    }
    const parsed = readParallelFile(t, values.parallel);
    if (typeof parsed === 'string') {
      io.stderr(`paragents run: ${parsed}`);
      return EXIT_USAGE;
    }
    jobs = parsed;
  } else {
    const promptFile = values['prompt-file'];
    if (values.prompt !== undefined && promptFile !== undefined) {
      io.stderr(`paragents run: ${t('cliSessions.run.promptTwice')}`);
      return EXIT_USAGE;
    }
    if (!values.workspace || (!values.prompt && promptFile === undefined)) {
      io.stderr(`paragents run: ${t('cliSessions.run.required')}\n${usage(t, RUN_USAGE)}`);
      return EXIT_USAGE;
    }
    const prompt = promptFile === undefined ? (values.prompt ?? '') : await readPromptFile(t, promptFile, io);
    if (typeof prompt !== 'string') {
      io.stderr(`paragents run: ${prompt.problem}`);
      return EXIT_USAGE;
    }
    const images = readImages(t, values.image ?? []);
    if (typeof images === 'string') {
      io.stderr(`paragents run: ${images}`);
      return EXIT_USAGE;
    }
    // A remote machine's path is its own: taken as written, not against this machine's current folder.
    jobs = [{ name: values.session ?? null, workspace: io.remote === undefined ? resolve(values.workspace) : values.workspace, prompt, images }];
  }

  const config = loadConfig({ home: io.home, env: io.env });
  if (!config.ok) {
    io.stderr(`paragents run: ${engineError(io, config.error)}`);
    return EXIT_USAGE;
  }

  const promptFlag = values['prompt-file'] !== undefined ? '--prompt-file' : '--prompt';
  const opts = { json: values.json ?? false, approve, onConflict, isolate: values.worktree ?? false, file: values.parallel ?? null, promptFlag } as const;
  return withEngine(io, { name: 'run', purpose: 'write', drivesPrompts: true }, (link, interrupts) => drive(link, interrupts, jobs, io, opts));
}

/** The prompt of `--prompt-file FILE`, whole; `-` reads it from stdin. */
async function readPromptFile(t: Translator, file: string, io: CliIo): Promise<string | { problem: string }> {
  try {
    if (file !== '-') return readFileSync(file, 'utf8');
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  } catch (e) {
    return { problem: t('cliSessions.run.cannotRead', { file: file === '-' ? 'stdin' : file, reason: (e as NodeJS.ErrnoException).code ?? (e as Error).message }) };
  }
}

/**
 * The files of `--image FILE`, read whole and sent as they are: the engine checks their format, size and count and
 * whether the session's model sees images, with the same sentences the panel shows.
 */
function readImages(t: Translator, files: readonly string[]): ImageUpload[] | string {
  const uploads: ImageUpload[] = [];
  for (const file of files) {
    try {
      uploads.push({ name: basename(file).slice(0, 200) || 'image', data: readFileSync(file).toString('base64') });
    } catch (e) {
      return t('cliSessions.run.cannotRead', { file, reason: (e as NodeJS.ErrnoException).code ?? (e as Error).message });
    }
  }
  return uploads;
}

function readParallelFile(t: Translator, file: string): Job[] | string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return t('cliSessions.run.cannotRead', { file, reason: (e as NodeJS.ErrnoException).code ?? (e as Error).message });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return t('cliSessions.run.invalidJson', { file, error: (e as Error).message });
  }
  const r = ParallelFile.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0];
    const problem = issue ? `${issue.path.join('.') || t('cliSessions.run.topLevel')}: ${issue.message}` : t('cliSessions.run.invalid');
    return t('cliSessions.run.badFile', { file, problem, shape: '{"sessions":[{"name","workspace","prompt"}, ...]}' });
  }
  const base = dirname(resolve(file));
  return r.data.sessions.map((s) => ({ name: s.name ?? null, workspace: resolve(base, s.workspace), prompt: s.prompt }));
}

type RunOptions = DriveOptions & { isolate: boolean; file: string | null; promptFlag: string };

async function drive(link: EngineLink, interrupts: Interrupts, jobs: Job[], io: CliIo, opts: RunOptions): Promise<number> {
  const h = link.handlers;
  const { t } = cliText(io);
  const where = (i: number, field: Field): string => (opts.file ? `${opts.file}: sessions[${i}]` : field === 'prompt' ? opts.promptFlag : '--session');
  const { plans, problems } = await planJobs(t, h, jobs, opts.isolate, where, io.remote === undefined ? localFolder : engineFolder(h));
  if (problems.length > 0) {
    const what = opts.file ? t('cliSessions.run.fileProblems', { file: opts.file, count: problems.length }) : t('cliSessions.run.nothingCreated');
    io.stderr(`paragents run: ${what}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return EXIT_USAGE;
  }
  const sessions: string[] = [];
  const code = await drivePrompts(link, io, opts, interrupts, async (track, settings) => {
    // Sessions first, then the prompts, so that they start together.
    for (const { job, existing } of plans) {
      if (existing) {
        // A turn this session's last process left mid-way goes first, exactly as the app would resume it; the
        // new prompt queues behind it.
        for (const p of existing.prompts) {
          if (p.status !== 'interrupted') continue;
          const resumed = await h['prompt.resume']({ prompt: p.id, ...settings });
          if (resumed.ok) track(resumed.value);
        }
        sessions.push(existing.id);
        continue;
      }
      const created = await h['session.create']({ workspace: job.workspace, ...(job.name ? { name: job.name } : {}), ...(opts.isolate ? { isolate: true } : {}) });
      if (!created.ok) {
        io.stderr(`paragents run: ${engineError(io, created.error)}`);
        return EXIT_USAGE;
      }
      sessions.push(created.value.id);
    }
    for (const [i, job] of jobs.entries()) {
      const images = job.images && job.images.length > 0 ? { images: job.images } : {};
      const sent = await h['prompt.send']({ session: sessions[i] as string, text: job.prompt, ...images, ...settings });
      if (!sent.ok) {
        io.stderr(`paragents run: ${engineError(io, sent.error)}`);
        return EXIT_USAGE;
      }
      track(sent.value);
    }
    return null;
  });
  if (code !== EXIT_USAGE && opts.isolate && !opts.json) await printWorktreeHints(t, h, sessions, io);
  return code;
}

/** After an isolated run: where the work is and how to review and merge it. */
async function printWorktreeHints(t: Translator, h: RequestHandlers, sessions: readonly string[], io: CliIo): Promise<void> {
  for (const id of sessions) {
    const s = await h['session.get']({ session: id });
    const wt = s.ok ? s.value.worktree : null;
    if (!s.ok || !wt) continue;
    const who = s.value.name ?? s.value.ref;
    io.stdout(`[S:${who}] ${t('cliSessions.run.worktreeHint', { branch: wt.branch, path: wt.path, who, base: wt.baseRef ?? t('cliSessions.run.noBase') })}`);
  }
}
