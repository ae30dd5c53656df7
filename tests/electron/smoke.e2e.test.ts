import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestNames } from '../../shared/api';
import { findElectronBinary } from '../../main/electron/electron-binary';
import { startModelServer, type ModelServer } from '../fixtures/model-server';
import { cleanupTempDirs, makeHome, tempDir } from '../helpers/temp';
import { fileWritten } from '../helpers/wait-file';

/*
 * Desktop smoke test through real Electron (Playwright's _electron): launch the built app, check the bridge,
 * create a session, and approve a Write through the scripted model. Runs wherever the Electron binary is
 * installed (on Linux without a display, run under xvfb-run); skipped with the reason everywhere else.
 */

const root = resolve(import.meta.dirname, '../..');
const binary = findElectronBinary(root);
if (!binary.installed) {
  console.warn(`[smoke.e2e] skipped: the Electron binary is not installed (${binary.reason}); run \`npx install-electron\` where it can be downloaded.`);
}

/** The page's global object, seen from Node types (this file is compiled without the DOM library). */
declare const window: Record<string, unknown>;

type Bridge = Record<string, (input: unknown) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>>;

describe.skipIf(!binary.installed)('desktop app (real Electron)', () => {
  let server: ModelServer;
  // Typed loosely: playwright-core is loaded only when this suite runs.
  let app: { firstWindow(): Promise<{ evaluate<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T>; waitForFunction(fn: string): Promise<unknown> }>; close(): Promise<void> } | null = null;

  beforeAll(async () => {
    const { build } = await import('electron-vite');
    await build({ root, configFile: join(root, 'electron.vite.config.ts') });
    server = await startModelServer();
    server.setScript({
      rules: [{ when: 'write hello', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'hello.txt', content: 'hi\n' } }] }, { content: 'done' }] }],
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await server?.close();
    cleanupTempDirs();
  });

  it('launches, exposes exactly the contract, and approves a call end to end', async () => {
    if (!binary.installed) return;
    const { _electron } = await import('playwright-core');
    const home = makeHome(server.url);
    const workspace = tempDir();
    const rootUser = typeof process.getuid === 'function' && process.getuid() === 0;
    app = await _electron.launch({
      executablePath: binary.path,
      args: [...(rootUser ? ['--no-sandbox'] : []), root],
      env: { ...process.env, PARAGENTS_HOME: home } as Record<string, string>,
    });
    const page = await app.firstWindow();
    await page.waitForFunction('typeof window.paragents === "object"');

    const shape = await page.evaluate(() => {
      const w = window as unknown as { paragents: object; require?: unknown; process?: unknown; ipcRenderer?: unknown };
      return { keys: Object.keys(w.paragents).sort(), node: [typeof w.require, typeof w.process, typeof w.ipcRenderer] };
    }, null);
    expect(shape.keys).toEqual([...requestNames, 'onEvent'].sort());
    expect(shape.node).toEqual(['undefined', 'undefined', 'undefined']);

    const outcome = await page.evaluate(async (ws) => {
      const api = (window as unknown as { paragents: Bridge & { onEvent(l: (e: { type: string; approvalId?: string }) => void): () => void } }).paragents;
      const asked = new Promise<string>((done) => {
        const off = api.onEvent((e) => {
          if (e.type === 'approval_requested' && e.approvalId) {
            off();
            done(e.approvalId);
          }
        });
      });
      const created = await api['session.create']!({ workspace: ws, name: 'smoke' });
      if (!created.ok) return { step: 'create', created };
      const session = created.value as { id: string };
      const sent = await api['prompt.send']!({ session: session.id, text: 'please write hello' });
      if (!sent.ok) return { step: 'send', sent };
      const approvalId = await asked;
      const answered = await api['approval.answer']!({ approval: approvalId, answer: { kind: 'allow_once' } });
      const refused = await api['session.create']!({ workspace: 42 });
      return { step: 'done', answered: answered.ok, refused };
    }, workspace);
    expect(outcome).toMatchObject({ step: 'done', answered: true, refused: { ok: false, error: { kind: 'invalid_input' } } });

    const file = join(workspace, 'hello.txt');
    expect(await fileWritten(file, (text) => text.endsWith('\n'), 15_000)).toBe('hi\n');
  }, 120_000);
});

describe('desktop smoke test availability', () => {
  it('reports why the real-Electron smoke test is skipped, or that it runs', () => {
    expect(binary.installed ? 'runs' : binary.reason).toBeTruthy();
  });
});
