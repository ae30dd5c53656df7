/** How to work well, for every family: the tools first, then the habits peers' agents are given. */
export function guidanceLines(tools: readonly string[]): string[] {
  const has = (name: string): boolean => tools.includes(name);
  const search = ['Grep', 'Glob', 'Read'].filter(has);
  const lines = [`Tools: ${tools.join(', ')}. Relative paths resolve against the workspace.`];
  if (search.length > 0 && has('Bash')) {
    lines.push(`Prefer ${search.join('/')} over shell equivalents (grep, find, cat) for searching and reading files.`);
  }
  lines.push(
    'Other agent sessions may be working in parallel: read a file before you edit or overwrite it, and if a',
    'tool says a file changed since you read it, read it again before writing.',
  );
  if (has('apply_patch')) {
    lines.push('Edit files with apply_patch: one patch can add, update, move and delete several files, and applies whole or not at all.');
  } else if (has('MultiEdit')) {
    lines.push('For several changes to one file, use MultiEdit (all of them or none) rather than a run of Edit calls.');
  }
  if (has('Plan')) {
    lines.push('For a task of several steps, keep a plan with the Plan tool and update it as you go (one step in_progress at a time).');
  }
  lines.push(
    'After changing code, run the project\'s tests (or the narrowest relevant ones) and fix what you broke.',
    'Never commit, push or create branches unless the person asks you to.',
    'If a request is ambiguous or would need a risky guess, stop and ask one short question instead.',
    'Some tool calls need a person\'s approval; a denied call comes back with the reason. Do not retry a denied',
    'call unchanged.',
    'When the task is done, reply with a short, concise summary of what you did and stop calling tools.',
  );
  return lines;
}
