import type { z } from 'zod';
import { msg, type Msg } from '../../../shared/i18n/message';

/** `providers[0].baseURL` style path, as a user would write it when looking at the file. */
export function settingPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** One line per problem: "<file>: <setting>: <what is wrong>" (what is wrong in zod's own words). */
export function describeIssues(file: string, error: z.ZodError): Msg {
  const lines = error.issues.map((issue) => {
    const where = settingPath(issue.path);
    return msg('engineErrors.config.issue', { file, setting: where === '' ? msg('engineErrors.config.topLevel') : where, problem: issue.message });
  });
  return lines.reduceRight((rest, first) => msg('engineErrors.config.moreIssues', { first, rest }));
}
