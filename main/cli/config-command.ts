import { windowSourceText, type RedactedConfig } from '../../shared/config';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { withEngine } from './with-engine';

/**
 * `paragents config show`: the effective configuration with keys redacted (only whether one is set), and each
 * provider's context window with where it came from (config.json, the endpoint's model list, the table, default).
 * Asked of the running engine when there is one (the desktop app's includes the keys saved in its keychain).
 */
export async function runConfigCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] !== 'show' || argv.length > 2 || (argv[1] !== undefined && argv[1] !== '--json')) {
    io.stderr('usage: paragents config show [--json]');
    return EXIT_USAGE;
  }
  return withEngine(io, { name: 'config', purpose: 'read' }, async (link) => {
    const got = await link.handlers['config.get']({});
    if (!got.ok) {
      io.stderr(`paragents config: ${got.error.message}`);
      return EXIT_USAGE;
    }
    printConfig(io, got.value, argv[1] === '--json');
    return EXIT_OK;
  });
}

function printConfig(io: CliIo, view: RedactedConfig, json: boolean): void {
  if (json) {
    io.stdout(JSON.stringify(view));
    return;
  }
  io.stdout(`config file: ${view.path}`);
  io.stdout(`data folder: ${view.home}`);
  io.stdout(`default provider: ${view.defaultProvider ?? view.providers[0]?.name ?? '-'}`);
  for (const p of view.providers) {
    io.stdout(`provider ${p.name}: base_url=${p.baseURL} model=${p.model} api_key=${p.apiKeySet ? 'set (hidden)' : 'not set'}`);
    const window = view.contextWindows?.find((w) => w.provider === p.name);
    if (window) io.stdout(`  contextWindow: ${window.tokens} (${windowSourceText(window.source)})`);
    io.stdout(`  maxOutputTokens: ${p.maxOutputTokens ?? view.maxOutputTokens}${p.maxOutputTokens !== undefined ? '' : ' (global)'}`);
  }
  io.stdout(`fallback: ${view.fallback.join(', ') || '-'}`);
  io.stdout(`concurrency: ${view.concurrency}  max steps: ${view.maxSteps}  request timeout: ${view.requestTimeoutMs} ms  retries: ${view.maxRetries}`);
  if (view.compaction) {
    const share = (x: number): string => `${Math.round(x * 100)} %`;
    io.stdout(`compaction: at ${share(view.compaction.threshold)} of the window, ${share(view.compaction.userPromptShare)} of it for your own prompts`);
  }
  if (view.autoResumeMinutes !== undefined) {
    io.stdout(`auto-resume of interrupted turns: ${view.autoResumeMinutes === 0 ? 'never' : `within ${view.autoResumeMinutes} min of a restart`}`);
  }
}
