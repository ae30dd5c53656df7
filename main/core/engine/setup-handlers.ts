import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RequestHandlers } from '../../../shared/api';
import { RuntimeConfig } from '../../../shared/config';
import { msg, type Msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import type { PermissionMode, PolicySource } from '../../../shared/policy';
import type { EffectiveMode } from '../policy';
import { configPath, loadConfig, readLanguage, redactConfig, saveConfig, setLanguage, type ConfigFileCache, type Env } from '../config';
import { listModels } from '../model';
import type { Store } from '../store/store';
import type { EventBus } from '../kernel/event-bus';

export type SetupRequestNames = 'config.language' | 'config.setLanguage' | 'config.saveProvider' | 'config.listModels' | 'config.detectLocal' | 'policy.rules' | 'workspace.trust';

/** What the permissions view needs from the policy engine. */
export interface RulesView {
  trustWorkspace(workspace: string): Promise<void>;
  untrustWorkspace(workspace: string): Promise<void>;
  effectiveRules(workspace: string): Promise<{ rule: string; kind: 'allow' | 'ask' | 'deny'; source: PolicySource; file: string | null }[]>;
  isTrusted(workspace: string): boolean;
  sessionMode(workspace: string, chosen: PermissionMode | null): EffectiveMode;
  problems(workspace: string): Promise<{ file: string; message: string; msg?: Msg; ineffectiveRule?: string }[]>;
}

/** Ports local model servers answer on by default, offered first in the setup view. */
export const LOCAL_PRESETS = [
  { preset: 'ollama', baseURL: 'http://127.0.0.1:11434/v1' },
  { preset: 'lmstudio', baseURL: 'http://127.0.0.1:1234/v1' },
] as const;

export function createSetupHandlers(d: {
  home: string;
  env: Env;
  /** The engine's config.json cache; none reads the file every time. */
  configCache?: ConfigFileCache;
  store: Store;
  /** Tells every client (pages, gateways) that the language setting changed. */
  bus: Pick<EventBus, 'emit'>;
  rules: RulesView | null;
  localPresets?: readonly { preset: 'ollama' | 'lmstudio'; baseURL: string }[];
}): Pick<RequestHandlers, SetupRequestNames> {
  return {
    'config.saveProvider': ({ provider, makeDefault }) => {
      const file = readConfigFile(d.home);
      if (!file.ok) return file;
      const providers = file.value.providers.filter((p) => p.name !== provider.name);
      const previous = file.value.providers.find((p) => p.name === provider.name);
      // An edit that leaves the key field empty keeps the saved key (the UI never has it to send back).
      const merged = { ...provider, ...(provider.apiKey === undefined && previous?.apiKey ? { apiKey: previous.apiKey } : {}) };
      providers.push(merged);
      const next = {
        ...file.value,
        providers,
        defaultProvider: makeDefault || !file.value.defaultProvider ? provider.name : file.value.defaultProvider,
      };
      const saved = saveConfig(d.home, next);
      if (!saved.ok) return saved;
      const loaded = loadConfig({ home: d.home, env: d.env, cache: d.configCache });
      return loaded.ok ? ok(redactConfig(loaded.value)) : loaded;
    },

    'config.language': () => ok(readLanguage(d.home, d.env)),

    'config.setLanguage': ({ language }) => {
      const saved = setLanguage(d.home, d.env, language);
      // The one writer of the setting says so once it is saved: the other open pages and the gateways follow now.
      if (saved.ok) d.bus.emit({ type: 'language_changed', sessionId: '', promptId: null, setting: saved.value.setting, override: saved.value.override });
      return saved;
    },

    'config.listModels': async ({ baseURL, apiKey, apiKeyEnv, provider }) => {
      let key = apiKey ?? (apiKeyEnv ? d.env[apiKeyEnv] : undefined);
      if (!key && provider) {
        const loaded = loadConfig({ home: d.home, env: d.env, cache: d.configCache });
        if (loaded.ok) key = loaded.value.providers.find((p) => p.name === provider)?.apiKey ?? undefined;
      }
      return listModels(baseURL, key, { timeoutMs: 10_000 });
    },

    'config.detectLocal': async () => {
      const found = await Promise.all(
        (d.localPresets ?? LOCAL_PRESETS).map(async (p) => {
          const r = await listModels(p.baseURL, undefined, { timeoutMs: 1500 });
          return r.ok ? [{ preset: p.preset, baseURL: p.baseURL, models: r.value.models }] : [];
        }),
      );
      return ok(found.flat());
    },

    'workspace.trust': async ({ workspace, trusted }) => {
      const dir = resolve(workspace);
      if (!existsSync(dir)) return err('invalid_input', msg('notices.request.noWorkspace', { path: dir }));
      if (!d.rules) return err('invalid_state', msg('engineErrors.request.trustUnavailable'));
      if (trusted) await d.rules.trustWorkspace(dir);
      else await d.rules.untrustWorkspace(dir);
      return ok({ workspace: dir, trusted: d.rules.isTrusted(dir) });
    },

    'policy.rules': async ({ session, workspace }) => {
      let ws = workspace ? resolve(workspace) : null;
      let chosen: PermissionMode | null = null;
      if (session) {
        const s = d.store.sessions.resolve(session);
        if (!s.ok) return s;
        ws ??= s.value.workspace;
        chosen = s.value.chosen_mode;
      }
      if (!ws || !d.rules) return ok({ workspace: ws, trusted: false, mode: chosen ?? 'default', modeSource: chosen ? 'session' : 'default', rules: [], problems: [] });
      const rules = await d.rules.effectiveRules(ws);
      const mode = d.rules.sessionMode(ws, chosen);
      return ok({
        workspace: ws,
        trusted: d.rules.isTrusted(ws),
        mode: mode.mode,
        modeSource: mode.source,
        rules: rules.map((r) => ({ rule: r.rule, effect: r.kind, source: r.source, file: r.file })),
        problems: (await d.rules.problems(ws)).map((p) => ({
          file: p.file,
          message: p.message,
          ...(p.msg ? { msg: p.msg } : {}),
          ineffectiveRule: p.ineffectiveRule ?? null,
        })),
      });
    },
  };
}

/** The file as written (no env overrides), so saving never copies environment values into it. */
function readConfigFile(home: string): Result<RuntimeConfig> {
  const path = configPath(home);
  if (!existsSync(path)) return ok(RuntimeConfig.parse({}));
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    return err('config', msg('engineErrors.config.setupInvalidJson', { file: path, error: (e as Error).message }));
  }
  const parsed = RuntimeConfig.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err('config', msg('engineErrors.config.setupInvalidField', { file: path, field: issue?.path.join('.') ?? '', problem: issue?.message ?? 'invalid' }));
  }
  return ok(parsed.data);
}
