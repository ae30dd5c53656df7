import { join } from 'node:path';
import { readJsonFile, writeJsonFile } from './json-file';
import { WindowState } from './window-state';

/** window-state.json in the data folder. */
export interface WindowStateStore {
  load(): WindowState | null;
  save(state: WindowState): void;
}

export const WINDOW_STATE_FILE = 'window-state.json';

export function createWindowStateStore(home: string): WindowStateStore {
  const file = join(home, WINDOW_STATE_FILE);
  return {
    load: () => readJsonFile(file, WindowState),
    save: (state) => writeJsonFile(file, WindowState.parse(state), 0o644),
  };
}
