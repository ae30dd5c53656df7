/**
 * The engine's host as the engine sees it: the folder `~` stands for and the environment commands run with.
 * Made once in the composition root from its environment and passed to the policy, the tools, the conflict
 * checks and git, so that all of them read `~` and `$HOME` alike.
 */
export interface HostEnv {
  /** The user's home folder: what `~` means in paths and commands. */
  readonly home: string;
  /** The environment child processes get; its HOME is `home`. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * `~` is $HOME of `env`; `accountHome` (the account's home folder, known only to the composition root) when
 * `env` has none, and then `env` gets it as HOME too, so a shell's `~` and `$HOME` mean the same folder.
 */
export function hostEnv(env: Readonly<Record<string, string | undefined>>, accountHome: string): HostEnv {
  if (env.HOME) return { home: env.HOME, env };
  return { home: accountHome, env: { ...env, HOME: accountHome } };
}
