import { english, msg, type Msg, type VarsOf } from '../../../shared/i18n/message';
import path from 'node:path';
import type { McpServerEntry, McpTransportConfig } from './config-types';

type Env = Readonly<Record<string, string | undefined>>;

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** A `${VAR}` that is not set: its sentence as data beside the English message. */
export class ExpandError extends Error {
  constructor(readonly msg: Msg) {
    super(english(msg));
  }
}

/** `${VAR}` and `${VAR:-default}` from `env`; a variable that is unset and has no default is an error naming `field`. */
export function expandString(text: string, env: Env, field: string): string {
  return text.replace(REFERENCE, (_all, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    // The text writes `${{{name}}}` (a literal `$` and `{` around the placeholder), which the placeholder types read as `{name`.
    throw new ExpandError(msg('notices.mcpConfig.unsetVariable', { field, name } as unknown as VarsOf<'notices.mcpConfig.unsetVariable'>));
  });
}

function expandMap(map: Record<string, string>, env: Env, field: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map)) out[k] = expandString(v, env, `${field}.${k}`);
  return out;
}

/**
 * The transport with every `${VAR}` replaced from the engine's environment, and a relative `cwd` made absolute
 * against `base` (the workspace for a project server, the home folder for a user server). Throws ExpandError.
 */
export function expandTransport(entry: McpServerEntry, env: Env, base: string, home: string): McpTransportConfig {
  const field = `${entry.file}: mcpServers.${entry.name}`;
  const t = entry.transport;
  switch (t.kind) {
    case 'stdio': {
      const cwdRaw = t.cwd === null ? null : expandString(t.cwd, env, `${field}.cwd`);
      const cwd = cwdRaw === null ? base : path.resolve(base, cwdRaw === '~' || cwdRaw.startsWith('~/') ? path.join(home, cwdRaw.slice(1)) : cwdRaw);
      return {
        kind: 'stdio',
        command: expandString(t.command, env, `${field}.command`),
        args: t.args.map((a, i) => expandString(a, env, `${field}.args[${i}]`)),
        env: expandMap(t.env, env, `${field}.env`),
        cwd,
        ...(t.sandbox ? { sandbox: t.sandbox } : {}),
      };
    }
    case 'http':
    case 'sse':
      return { kind: t.kind, url: expandString(t.url, env, `${field}.url`), headers: expandMap(t.headers, env, `${field}.headers`) };
    default: {
      const never: never = t;
      return never;
    }
  }
}
