import { runInNewContext } from 'node:vm';
import { resolve } from 'node:path';
import { build } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { requestNames } from '../../shared/api';
import { EVENT_CHANNEL, requestChannel } from '../../shared/ipc-channels';
import { buildEngineApi, type BridgeTransport } from '../../preload/api-shape';
import { approvalResolved } from './fakes';

function fakeTransport(): BridgeTransport & { emit(channel: string, payload: unknown): void; invoke: ReturnType<typeof vi.fn> } {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } })),
    on(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
    emit(channel, payload) {
      for (const l of listeners.get(channel) ?? []) l(payload);
    },
  };
}

describe('preload API shape', () => {
  it('has exactly one method per contract request plus onEvent, nothing else', () => {
    const api = buildEngineApi(fakeTransport());
    expect(Object.keys(api).sort()).toEqual([...requestNames, 'onEvent'].sort());
    for (const key of Object.keys(api)) expect(typeof (api as unknown as Record<string, unknown>)[key]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('invokes each request on its own channel and returns the Result', async () => {
    const transport = fakeTransport();
    const api = buildEngineApi(transport);
    for (const name of requestNames) {
      const call = (api as unknown as Record<string, (input: unknown) => Promise<unknown>>)[name];
      await expect(call?.({ probe: name })).resolves.toEqual({ ok: true, value: { channel: requestChannel(name), input: { probe: name } } });
    }
    expect(transport.invoke).toHaveBeenCalledTimes(requestNames.length);
  });

  it('never rejects: an IPC failure becomes an internal error', async () => {
    const transport = fakeTransport();
    transport.invoke.mockRejectedValueOnce(new Error("No handler registered for 'paragents:session.list'"));
    const api = buildEngineApi(transport);
    await expect(api['session.list']({})).resolves.toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('onEvent delivers payloads from the event channel and unsubscribes', () => {
    const transport = fakeTransport();
    const api = buildEngineApi(transport);
    const seen: unknown[] = [];
    const off = api.onEvent((event) => seen.push(event));
    transport.emit(EVENT_CHANNEL, approvalResolved());
    transport.emit('paragents:other', approvalResolved('x'));
    off();
    transport.emit(EVENT_CHANNEL, approvalResolved('y'));
    expect(seen).toEqual([approvalResolved()]);
    expect(() => api.onEvent('nope' as unknown as () => void)).toThrow(TypeError);
  });
});

describe('preload bundle', () => {
  it('is one CommonJS file that only requires electron and exposes exactly window.paragents', async () => {
    const output = await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        minify: false,
        lib: { entry: resolve('preload/index.ts'), formats: ['cjs'], fileName: () => 'index.cjs' },
        rollupOptions: { external: ['electron'] },
      },
    });
    const outputs = Array.isArray(output) ? output : [output];
    const chunks = outputs.flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk');
    expect(chunks).toHaveLength(1);
    const code = chunks[0]?.type === 'chunk' ? chunks[0].code : '';

    // A sandboxed preload's require: 'electron' only.
    const exposed = new Map<string, unknown>();
    const ipcOn: string[] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
      ipcRenderer: { invoke: vi.fn(), on: (channel: string) => ipcOn.push(channel), removeListener: vi.fn() },
      webUtils: { getPathForFile: () => '' },
    };
    const required: string[] = [];
    const sandboxRequire = (id: string): unknown => {
      required.push(id);
      if (id !== 'electron') throw new Error(`sandboxed preload cannot require ${id}`);
      return electron;
    };
    const document = { addEventListener: vi.fn(), removeEventListener: vi.fn(), execCommand: vi.fn() };
    const module = { exports: {} };
    runInNewContext(code, {
      require: sandboxRequire,
      module,
      exports: module.exports,
      document,
      location: { hash: '' },
      File: class {},
      console,
    });

    expect(required).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['paragents']);
    expect(Object.keys(exposed.get('paragents') as object).sort()).toEqual([...requestNames, 'onEvent'].sort());
    expect(document.addEventListener.mock.calls.map((c) => c[0]).sort()).toEqual(['dragover', 'drop']);
  }, 60_000);
});
