import type { RedactedConfig } from '../../shared/config';
import { withoutMsgs } from './format';
import { cliText, type CliText, countText, engineError } from './cli-text';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { usage } from './usage';
import { withEngine } from './with-engine';

/**
 * `paragents config show`: the effective configuration with keys redacted (only whether one is set), and each
 * provider's context window with where it came from (config.json, the endpoint's model list, the table, default).
 * Asked of the running engine when there is one (the desktop app's includes the keys saved in its keychain).
 */
export async function runConfigCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  if (argv[0] !== 'show' || argv.length > 2 || (argv[1] !== undefined && argv[1] !== '--json')) {
    io.stderr(usage(t, 'paragents config show [--json]'));
    return EXIT_USAGE;
  }
  // With no engine running, the configuration is read from config.json alone: the database is not opened.
  return withEngine(io, { name: 'config', purpose: 'read', reads: 'config' }, async (link) => {
    const got = await link.handlers['config.get']({});
    if (!got.ok) {
      io.stderr(`paragents config: ${engineError(io, got.error)}`);
      return EXIT_USAGE;
    }
    printConfig(io, text, got.value, argv[1] === '--json');
    return EXIT_OK;
  });
}

function printConfig(io: CliIo, text: CliText, view: RedactedConfig, json: boolean): void {
  const { t } = text;
  const n = (value: number): string => countText(text, value);
  if (json) {
    io.stdout(JSON.stringify(view, withoutMsgs));
    return;
  }
  io.stdout(t('cliTools.config.file', { path: view.path }));
  io.stdout(t('cliTools.config.home', { home: view.home }));
  io.stdout(t('cliTools.config.defaultProvider', { name: view.defaultProvider ?? view.providers[0]?.name ?? '-' }));
  for (const p of view.providers) {
    const key = t(p.apiKeySet ? 'cliTools.config.keySet' : 'cliTools.config.keyNotSet');
    io.stdout(t('cliTools.config.provider', { name: p.name, baseURL: p.baseURL, model: p.model, key }));
    const window = view.contextWindows?.find((w) => w.provider === p.name);
    if (window) io.stdout(t('cliTools.config.contextWindow', { tokens: n(window.tokens), source: t(`config.windowSource.${window.source}`) }));
    const maxOutput = p.maxOutputTokens ?? view.maxOutputTokens;
    io.stdout(
      t('cliTools.config.maxOutput', { tokens: maxOutput === undefined ? String(maxOutput) : n(maxOutput), global: p.maxOutputTokens !== undefined ? '' : t('cliTools.config.global') }),
    );
  }
  io.stdout(t('cliTools.config.fallback', { list: view.fallback.join(', ') || '-' }));
  io.stdout(t('cliTools.config.limits', { concurrency: view.concurrency, steps: view.maxSteps, timeout: n(view.requestTimeoutMs), retries: view.maxRetries }));
  if (view.agents) {
    io.stdout(t('cliTools.config.agents', { children: view.agents.maxChildren, depth: view.agents.maxDepth, attempts: view.agents.maxIntegrationAttempts }));
  }
  if (view.compaction) {
    const share = (x: number): string => `${Math.round(x * 100)} %`;
    io.stdout(t('cliTools.config.compaction', { threshold: share(view.compaction.threshold), prompts: share(view.compaction.userPromptShare) }));
  }
  if (view.autoResumeMinutes !== undefined) {
    const when = view.autoResumeMinutes === 0 ? t('cliTools.config.never') : t('cliTools.config.within', { minutes: view.autoResumeMinutes });
    io.stdout(t('cliTools.config.autoResume', { when }));
  }
}
