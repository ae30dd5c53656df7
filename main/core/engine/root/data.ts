import { join } from 'node:path';
import { MsgError } from '../../../../shared/msg-error';
import type { Db } from '../../store/db';
import type { PromptWrites } from '../../store/prompts';
import { openStore, type Store } from '../../store/store';
import { lockHome } from '../home-lock';
import { DATABASE_FILE } from '../read-only-root';

/** The data folder as this engine holds it: alone (its lock) and open (its database). */
export interface OpenData {
  store: Store;
  /** The store's connection, for the repositories kept outside it (see repositories.ts); the root's alone. */
  db: Db;
  /** The prompt rows' writes, for the prompt lifecycle alone. */
  promptWrites: PromptWrites;
  /** Gives the folder up: the last step of closing, once the database is closed. */
  unlock: () => void;
}

/** Takes the data folder's lock, then opens its database; a folder a live engine holds is refused. */
export function openData(home: string): OpenData {
  const lock = lockHome(home);
  if (!lock.ok) throw lock.error.msg ? new MsgError(lock.error.msg) : new Error(lock.error.message);

  const { store, db, promptWrites } = openStore(join(home, DATABASE_FILE));
  return { store, db, promptWrites, unlock: lock.value };
}
