import { join } from 'node:path';
import { MsgError } from '../../../../shared/msg-error';
import { Store } from '../../store/store';
import { lockHome } from '../home-lock';
import { DATABASE_FILE } from '../read-only-root';

/** The data folder as this engine holds it: alone (its lock) and open (its database). */
export interface OpenData {
  store: Store;
  /** Gives the folder up: the last step of closing, once the database is closed. */
  unlock: () => void;
}

/** Takes the data folder's lock, then opens its database; a folder a live engine holds is refused. */
export function openData(home: string): OpenData {
  const lock = lockHome(home);
  if (!lock.ok) throw lock.error.msg ? new MsgError(lock.error.msg) : new Error(lock.error.message);

  const store = new Store(join(home, DATABASE_FILE));
  return { store, unlock: lock.value };
}
