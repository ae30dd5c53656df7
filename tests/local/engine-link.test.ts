import { afterAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from '../../main/core/engine';
import { localEngineLink } from '../../main/local/engine-link';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { unwrap } from '../helpers/engine';
import { nextLinkEvent } from './host-process';

afterAll(() => cleanupTempDirs());

describe('an in-process engine as an EngineLink', () => {
  it('forwards requests and events and closes the engine, releasing the data folder', async () => {
    const home = tempDir();
    const workspace = tempDir();
    const link = localEngineLink(await createEngine({ home, env: { HOME: home }, recover: false }));
    expect(link.remote).toBe(false);
    const seen = nextLinkEvent(link, 'session_created');
    const created = unwrap(await link.handlers['session.create']({ workspace }));
    expect((await seen).sessionId).toBe(created.id);
    expect(existsSync(join(home, 'engine.lock'))).toBe(true);
    await link.close();
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  });
});
