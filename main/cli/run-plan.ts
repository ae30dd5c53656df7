import { statSync } from 'node:fs';
import { PromptText, type RequestHandlers, type RequestOutput } from '../../shared/api';
import type { ImageUpload } from '../../shared/images';
import type { Translator } from '../../shared/i18n';

/** One session of a run and the prompt it is sent: from the command line, or an entry of a `--parallel` file. */
export interface Job {
  name: string | null;
  workspace: string;
  prompt: string;
  /** Images sent with the prompt (`--image FILE`, repeatable). */
  images?: ImageUpload[];
}

type SessionDetail = RequestOutput<'session.get'>;

/** What a problem is about, for a command line that names it by its option (one `--parallel` entry names all). */
export type Field = 'session' | 'prompt';

/** What one job will do: send to an existing session (resuming its interrupted turns first), or create one. */
export type Plan = { job: Job; existing: SessionDetail | null };

/** Whether a workspace is a folder (null: nothing there), on the machine of the engine that will run it. */
export type FolderCheck = (dir: string) => Promise<boolean | null>;

export const localFolder: FolderCheck = async (dir) => {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return null;
  }
};

/** A remote machine's folders are looked at by its own engine. */
export const engineFolder = (h: RequestHandlers): FolderCheck => async (dir) => {
  const listed = await h['fs.list']({ path: dir });
  if (listed.ok) return true;
  return listed.error.kind === 'not_found' ? null : false;
};

/**
 * The prompt checked with the contract's own schema for a prompt's text (what the engine refuses, whichever way the
 * prompt reaches it), so that a prompt it would refuse is found before any session is created.
 */
function promptProblem(t: Translator, prompt: string, at: string): string | null {
  const checked = PromptText.safeParse(prompt);
  if (checked.success) return null;
  const issue = checked.error.issues[0];
  if (issue?.code === 'too_big') return t('cliSessions.run.promptTooLong', { at, length: prompt.length, max: Number(issue.maximum) });
  if (issue?.code === 'too_small') return t('cliSessions.run.promptEmpty', { at });
  return `${at}: ${issue?.message ?? t('cliSessions.run.invalid')}`;
}

/**
 * Checks every job before anything is created, so that a bad entry never leaves the sessions before it behind:
 * every problem is reported at once, each naming its entry.
 */
export async function planJobs(
  t: Translator,
  h: RequestHandlers,
  jobs: Job[],
  isolate: boolean,
  where: (i: number, field: Field) => string,
  isFolder: FolderCheck = localFolder,
): Promise<{ plans: Plan[]; problems: string[] }> {
  const problems: string[] = [];
  const plans: Plan[] = [];
  const firstByName = new Map<string, number>();
  for (const [i, job] of jobs.entries()) {
    const at = where(i, 'session');
    const prompt = promptProblem(t, job.prompt, where(i, 'prompt'));
    if (prompt) problems.push(prompt);
    if (job.name !== null) {
      const first = firstByName.get(job.name);
      if (first !== undefined) problems.push(t('cliSessions.run.nameUsed', { at, name: job.name, first: where(first, 'session') }));
      else firstByName.set(job.name, i);
    }
    const folder = await isFolder(job.workspace);
    if (folder === null) problems.push(t('cliSessions.run.noFolder', { at, workspace: job.workspace }));
    else if (!folder) problems.push(t('cliSessions.run.notFolder', { at, workspace: job.workspace }));
    const got = job.name ? await h['session.get']({ session: job.name }) : null;
    const existing = got?.ok && got.value.name === job.name ? got.value : null;
    if (existing) {
      const isolated = existing.worktree ?? null;
      const bound = isolated?.baseWorkspace ?? existing.workspace;
      if (bound !== job.workspace) problems.push(t('cliSessions.run.otherWorkspace', { at, name: job.name ?? '', bound, workspace: job.workspace }));
      if (existing.closedAt) problems.push(t('cliSessions.run.closed', { at, name: job.name ?? '' }));
      if (isolate && !isolated) problems.push(t('cliSessions.run.notIsolated', { at, name: job.name ?? '' }));
    }
    plans.push({ job, existing });
  }
  return { plans, problems };
}
