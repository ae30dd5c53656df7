import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';

afterEach(() => cleanupTempDirs());

describe('event stamps', () => {
  it('name the right prompt after thousands of prompts have spoken since it did', () => {
    const t = openTestStore(join(tempDir(), 'p.db'));
    const { store } = t;
    try {
      const s = store.sessions.create({ workspace: '/w', name: 'long', mode: 'default' });
      const prompts = store.tx(() => Array.from({ length: 5000 }, (_, i) => promptAt(t, s.id, `prompt ${i}`)));
      const stamp = (i: number) => {
        const p = prompts[i] as (typeof prompts)[number];
        return store.events.append({ type: 'prompt_status', sessionId: s.id, promptId: p.id, status: 'running' }, false);
      };
      const first = stamp(0);
      for (let i = 1; i < prompts.length; i++) stamp(i);
      // The first prompt's names were dropped from memory meanwhile: they are read again, the same.
      expect(stamp(0)).toMatchObject({ promptRef: first.promptRef, sessionRef: s.ref, sessionName: 'long' });
      expect(stamp(0).promptRef).toBe(prompts[0]?.ref);
      expect(stamp(4999).promptRef).toBe(prompts[4999]?.ref);
    } finally {
      store.close();
    }
  });
});
