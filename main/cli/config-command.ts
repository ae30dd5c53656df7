import { loadConfig, redactConfig } from '../core/config';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io';

/** `paragents config show`: the effective configuration with keys redacted (only whether one is set). */
export async function runConfigCommand(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] !== 'show' || argv.length > 2 || (argv[1] !== undefined && argv[1] !== '--json')) {
    io.stderr('usage: paragents config show [--json]');
    return EXIT_USAGE;
  }
  const loaded = loadConfig({ home: io.home, env: io.env });
  if (!loaded.ok) {
    io.stderr(`paragents config: ${loaded.error.message}`);
    return EXIT_USAGE;
  }
  const view = redactConfig(loaded.value);
  if (argv[1] === '--json') {
    io.stdout(JSON.stringify(view));
    return EXIT_OK;
  }
  io.stdout(`config file: ${view.path}`);
  io.stdout(`data folder: ${view.home}`);
  io.stdout(`default provider: ${view.defaultProvider ?? view.providers[0]?.name ?? '-'}`);
  for (const p of view.providers) {
    io.stdout(`provider ${p.name}: base_url=${p.baseURL} model=${p.model} api_key=${p.apiKeySet ? 'set (hidden)' : 'not set'}`);
  }
  io.stdout(`fallback: ${view.fallback.join(', ') || '-'}`);
  io.stdout(`concurrency: ${view.concurrency}  max steps: ${view.maxSteps}  request timeout: ${view.requestTimeoutMs} ms  retries: ${view.maxRetries}`);
  return EXIT_OK;
}
