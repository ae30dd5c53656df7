import type { z } from 'zod';

/** `providers[0].baseURL` style path, as a user would write it when looking at the file. */
export function settingPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** One line per problem: "<file>: <setting>: <what is wrong>". */
export function describeIssues(file: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = settingPath(issue.path);
      return `${file}: ${where === '' ? '(top level)' : where}: ${issue.message}`;
    })
    .join('\n');
}
