import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(cleanupTempDirs);

// Packages that `serve` needs only later (first MCP server, first WebFetch, first sandboxed command, first model
// request, a Telegram token): each is a large share of start-up when loaded with the engine.
const LATER = ['@modelcontextprotocol/sdk', '@mixmark-io/domino', 'turndown', 'grammy', '@anthropic-ai/sandbox-runtime', 'node-forge'];

/**
 * A probe preloaded into the real `serve` process that writes down every module it loads: ESM imports through a
 * resolve hook (written synchronously before the import goes on), CommonJS loads from require.cache at the moment
 * the URL line is written to stdout.
 */
function writeProbe(dir: string, log: string): string {
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, r.url + '\\n');
  return r;
}
`,
  );
  const probe = join(dir, 'probe.mjs');
  writeFileSync(
    probe,
    `import { register, createRequire } from 'node:module';
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
register(${JSON.stringify(pathToFileURL(hooks).href)});
const require = createRequire(import.meta.url);
const write = process.stdout.write.bind(process.stdout);
let seen = false;
process.stdout.write = (chunk, ...rest) => {
  if (!seen && String(chunk).includes('://')) {
    seen = true;
    appendFileSync(${JSON.stringify(log)}, Object.keys(require.cache).map((f) => pathToFileURL(f).href + '\\n').join('') + 'URL PRINTED\\n');
  }
  return write(chunk, ...rest);
};
`,
  );
  return probe;
}

/** Starts `serve --port 0` under the probe; resolves with what it had loaded when it printed its URL. */
function loadedAtUrl(home: string, probe: string, log: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', probe, BIN, 'serve', '--port', '0'], {
      env: { PATH: process.env.PATH ?? '', HOME: home, PARAGENTS_HOME: join(home, '.paragents') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let loaded: string[] | null = null;
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (loaded === null && /^https?:\/\/\S+\n/.test(out)) {
        const lines = readFileSync(log, 'utf8').split('\n');
        loaded = lines.slice(0, lines.indexOf('URL PRINTED'));
        child.kill('SIGTERM');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => (loaded ? resolve(loaded) : reject(new Error(`serve exited ${code} before printing its URL:\n${out}\n${err}`))));
  });
}

describe('paragents serve start-up', () => {
  it('prints its URL before loading the packages only later features need', async () => {
    const home = tempDir();
    const log = join(home, 'loaded.txt');
    writeFileSync(log, '');
    const loaded = await loadedAtUrl(home, writeProbe(home, log), log);
    const packages = new Set(loaded.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]).filter((p) => p !== undefined));
    // The probe sees both kinds of module: zod is imported as ESM, bindings is required by better-sqlite3's CommonJS.
    expect(packages).toContain('zod');
    expect(packages).toContain('bindings');
    expect(LATER.filter((p) => packages.has(p))).toEqual([]);
    // The SDK's error classes are loaded (to recognise its failures); the SDK itself is not.
    expect(loaded.some((url) => /\/node_modules\/openai\/(index|client)\.m?js$/.test(url))).toBe(false);
  });
});
