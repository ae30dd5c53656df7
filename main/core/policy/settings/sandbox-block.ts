import { msg, type Msg } from '../../../../shared/i18n/message';
import { parseBashPattern } from '../rules/parse-bash-pattern';
import type { BashToken } from '../rules/types';

/** What one settings file says in its `sandbox` block; a key it leaves out is `undefined` (lists: empty). */
export interface SandboxBlock {
  enabled?: boolean;
  autoAllowBashIfSandboxed?: boolean;
  allowUnsandboxedCommands?: boolean;
  failIfUnavailable?: boolean;
  excludedCommands: ExcludedCommand[];
  filesystem: { allowWrite: string[]; denyWrite: string[]; denyRead: string[]; allowRead: string[] };
  network: { allowedDomains: string[]; deniedDomains: string[]; allowLocalBinding?: boolean; allowUnixSockets: string[] };
}

/** A command that runs outside the sandbox under the normal permission flow, as written and as tokens. */
export interface ExcludedCommand {
  spec: string;
  tokens: BashToken[];
}

export const EMPTY_SANDBOX_BLOCK: SandboxBlock = Object.freeze({
  excludedCommands: [],
  filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] },
  network: { allowedDomains: [], deniedDomains: [], allowUnixSockets: [] },
}) as SandboxBlock;

const FLAGS = ['enabled', 'autoAllowBashIfSandboxed', 'allowUnsandboxedCommands', 'failIfUnavailable'] as const;
const FS_LISTS = ['allowWrite', 'denyWrite', 'denyRead', 'allowRead'] as const;
const NET_LISTS = ['allowedDomains', 'deniedDomains', 'allowUnixSockets'] as const;
const TOP_KEYS = new Set<string>([...FLAGS, 'excludedCommands', 'filesystem', 'network']);
const NET_KEYS = new Set<string>([...NET_LISTS, 'allowLocalBinding']);

/** `example.com`, `*.example.com`, `localhost:8080`, `*:22`: a host pattern with an optional port, nothing else. */
const DOMAIN = /^(\*|(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const nonEmptyStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string' && x.trim() !== '' && !x.includes('\0'));

/**
 * Reads the `sandbox` block of one settings document. Each bad value is left out and named by its key (the
 * file is named by the caller's problem); it does not make the file's permission rules malformed, since the
 * sandbox only narrows what a command can do.
 */
export function readSandboxBlock(raw: unknown): { block: SandboxBlock; problems: Msg[] } {
  const problems: Msg[] = [];
  const block: SandboxBlock = {
    excludedCommands: [],
    filesystem: { allowWrite: [], denyWrite: [], denyRead: [], allowRead: [] },
    network: { allowedDomains: [], deniedDomains: [], allowUnixSockets: [] },
  };
  if (raw === undefined) return { block, problems };
  if (!isPlainObject(raw)) return { block, problems: [msg('sandbox.settings.notObject', { key: 'sandbox' })] };
  for (const key of Object.keys(raw)) if (!TOP_KEYS.has(key)) problems.push(msg('sandbox.settings.unknownKey', { key: `sandbox.${key}` }));
  for (const key of FLAGS) {
    if (!Object.hasOwn(raw, key)) continue;
    const v = raw[key];
    if (typeof v === 'boolean') block[key] = v;
    else problems.push(msg('sandbox.settings.notBoolean', { key: `sandbox.${key}` }));
  }
  if (Object.hasOwn(raw, 'excludedCommands')) {
    const list = raw.excludedCommands;
    if (!nonEmptyStrings(list)) problems.push(msg('sandbox.settings.notStrings', { key: 'sandbox.excludedCommands' }));
    else
      list.forEach((spec, i) => {
        const tokens = parseBashPattern(spec);
        if (Array.isArray(tokens)) block.excludedCommands.push({ spec: spec.trim(), tokens });
        else problems.push(msg('sandbox.settings.badCommand', { key: `sandbox.excludedCommands[${i}]`, problem: tokens }));
      });
  }
  if (Object.hasOwn(raw, 'filesystem')) {
    const fs = raw.filesystem;
    if (!isPlainObject(fs)) problems.push(msg('sandbox.settings.notObject', { key: 'sandbox.filesystem' }));
    else {
      for (const key of Object.keys(fs)) {
        if (!(FS_LISTS as readonly string[]).includes(key)) problems.push(msg('sandbox.settings.unknownKey', { key: `sandbox.filesystem.${key}` }));
      }
      for (const key of FS_LISTS) {
        if (!Object.hasOwn(fs, key)) continue;
        const v = fs[key];
        if (nonEmptyStrings(v)) block.filesystem[key] = v.map((p) => p.trim());
        else problems.push(msg('sandbox.settings.notPaths', { key: `sandbox.filesystem.${key}` }));
      }
    }
  }
  if (Object.hasOwn(raw, 'network')) {
    const net = raw.network;
    if (!isPlainObject(net)) problems.push(msg('sandbox.settings.notObject', { key: 'sandbox.network' }));
    else {
      for (const key of Object.keys(net)) if (!NET_KEYS.has(key)) problems.push(msg('sandbox.settings.unknownKey', { key: `sandbox.network.${key}` }));
      for (const key of ['allowedDomains', 'deniedDomains'] as const) {
        if (!Object.hasOwn(net, key)) continue;
        const v = net[key];
        if (!nonEmptyStrings(v)) {
          problems.push(msg('sandbox.settings.notStrings', { key: `sandbox.network.${key}` }));
          continue;
        }
        v.forEach((d, i) => {
          const domain = d.trim().toLowerCase();
          if (DOMAIN.test(domain)) block.network[key].push(domain);
          else problems.push(msg('sandbox.settings.badDomain', { key: `sandbox.network.${key}[${i}]`, value: d }));
        });
      }
      if (Object.hasOwn(net, 'allowUnixSockets')) {
        const v = net.allowUnixSockets;
        if (nonEmptyStrings(v)) block.network.allowUnixSockets = v.map((p) => p.trim());
        else problems.push(msg('sandbox.settings.notPaths', { key: 'sandbox.network.allowUnixSockets' }));
      }
      if (Object.hasOwn(net, 'allowLocalBinding')) {
        if (typeof net.allowLocalBinding === 'boolean') block.network.allowLocalBinding = net.allowLocalBinding;
        else problems.push(msg('sandbox.settings.notBoolean', { key: 'sandbox.network.allowLocalBinding' }));
      }
    }
  }
  return { block, problems };
}
