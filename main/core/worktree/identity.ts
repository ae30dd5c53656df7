import type { Git } from './git';

/** Who Paragents' own commits are by when the repository names nobody (user.name / user.email unset). */
export const FALLBACK_IDENTITY = { name: 'Paragents', email: 'paragents@localhost' } as const;

/** `-c user.name=… -c user.email=…` for the settings the repository lacks, so a commit never fails for want of an identity. */
export async function identityArgs(git: Git, cwd: string): Promise<string[]> {
  const args: string[] = [];
  for (const [key, fallback] of [['user.name', FALLBACK_IDENTITY.name], ['user.email', FALLBACK_IDENTITY.email]] as const) {
    const run = await git.run(cwd, ['config', '--get', key]);
    if (run.code !== 0 || run.stdout.trim() === '') args.push('-c', `${key}=${fallback}`);
  }
  return args;
}
