import { afterEach, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, type Engine } from '../../main/core/engine';
import type { EngineEvent } from '../../shared/events';
import { unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

let engine: Engine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
  cleanupTempDirs();
});

/** An engine on a fresh data folder, and every event it publishes from now on. */
async function start(env: Record<string, string | undefined>, config: string | null = null): Promise<{ engine: Engine; home: string; heard: EngineEvent[] }> {
  const home = tempDir('paragents-lang-event-');
  if (config !== null) writeFileSync(join(home, 'config.json'), config);
  engine = await createEngine({ home, env, recover: false });
  const heard: EngineEvent[] = [];
  engine.onEvent((e) => heard.push(e));
  return { engine, home, heard };
}

const languageEvents = (heard: EngineEvent[]) => heard.filter((e) => e.type === 'language_changed');

it('publishes language_changed once per saved setting, to every listener, and stores nothing', async () => {
  const { engine: e, home, heard } = await start({ PARAGENTS_LANG: undefined });
  const other: EngineEvent[] = [];
  e.onEvent((x) => other.push(x));
  unwrap(await e.handlers['config.setLanguage']({ language: 'zh-CN' }));
  expect(languageEvents(heard)).toHaveLength(1);
  expect(languageEvents(heard)[0]).toMatchObject({ type: 'language_changed', sessionId: '', promptId: null, setting: 'zh-CN', override: null });
  expect(languageEvents(other)).toEqual(languageEvents(heard));

  unwrap(await e.handlers['config.setLanguage']({ language: 'system' }));
  expect(languageEvents(heard).map((x) => x.type === 'language_changed' && x.setting)).toEqual(['zh-CN', 'system']);
  // Reading the setting says nothing to anyone.
  unwrap(await e.handlers['config.language']({}));
  expect(languageEvents(heard)).toHaveLength(2);
  // It belongs to no session: nothing of it in the store's history.
  await e.close();
  engine = null;
  const db = new Database(join(home, 'paragents.db'), { readonly: true });
  expect(db.prepare("SELECT count(*) AS n FROM events WHERE type = 'language_changed'").get()).toEqual({ n: 0 });
  db.close();
});

it('carries PARAGENTS_LANG as the override, so every receiver keeps it over the setting', async () => {
  const { engine: e, heard } = await start({ PARAGENTS_LANG: 'en' });
  unwrap(await e.handlers['config.setLanguage']({ language: 'zh-CN' }));
  expect(languageEvents(heard)).toEqual([expect.objectContaining({ setting: 'zh-CN', override: 'en' })]);
});

it('says nothing when the setting could not be saved', async () => {
  const { engine: e, heard } = await start({}, '{ not json');
  const r = await e.handlers['config.setLanguage']({ language: 'zh-CN' });
  expect(r.ok).toBe(false);
  expect(languageEvents(heard)).toEqual([]);
});
