/**
 * Environment prefixes that cannot change which program runs or what it loads. Everything else (PATH, LD_*,
 * GIT_*, NODE_OPTIONS, PYTHONPATH, BASH_ENV, ...) forces a question.
 */
const INERT = new Set([
  'CI', 'NODE_ENV', 'DEBUG', 'FORCE_COLOR', 'NO_COLOR', 'CLICOLOR', 'CLICOLOR_FORCE', 'COLORTERM', 'TERM',
  'LANG', 'LANGUAGE', 'TZ', 'COLUMNS', 'LINES', 'VERBOSE', 'RUST_BACKTRACE', 'RUST_LOG', 'PYTHONUNBUFFERED',
  'PYTHONDONTWRITEBYTECODE', 'PYTHONIOENCODING', 'PAGER', 'GIT_PAGER', 'NPM_CONFIG_COLOR', 'TIMING', 'LOG_LEVEL',
  'JEST_WORKER_ID', 'VITEST', 'HUSKY',
]);

export function isInertEnv(name: string): boolean {
  if (name === 'PAGER' || name === 'GIT_PAGER') return false; // pagers are programs
  return INERT.has(name) || name.startsWith('LC_');
}

/**
 * A plain `name=value` (no command) only changes later commands when bash or an exported variable uses the
 * name: lower-case names are local unless they are proxy settings.
 */
export function isHarmlessShellVariable(name: string): boolean {
  if (isInertEnv(name)) return true;
  return /^[a-z_][a-z0-9_]*$/.test(name) && !name.endsWith('_proxy') && name !== '_';
}
