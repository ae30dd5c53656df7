import { existsSync } from 'node:fs';
import { requests, type RequestHandlers, type RequestName } from '../../../shared/api';
import type { EngineEvent } from '../../../shared/events';
import { err, ok, type AppError, type Result } from '../../../shared/result';
import { loadConfig } from '../config';
import { ConflictStore } from '../conflicts/conflict-store';
import { configViewWithWindows } from '../context/config-view';
import { createWindowResolver } from '../context/window';
import type { HostEnv } from '../host-env';
import { createPolicyEngine } from '../policy';
import { SchemaTooOld } from '../store/db';
import { Store } from '../store/store';
import { createReadHandlers, READ_REQUESTS, type ReadRequestName } from './read-handlers';

/**
 * The data folder opened for reading alone, for the commands that only read when no engine holds the folder. It has
 * the shape of an EngineLink (main/local/engine-link.ts): the contract's handlers, no events, a close.
 */
export interface ReadOnlyEngine {
  readonly handlers: RequestHandlers;
  onEvent(listener: (event: EngineEvent) => void): () => void;
  close(): Promise<void>;
  readonly remote: false;
}

/** Why the folder could not be read as it is. `fallBack`: a normal open (which takes the folder and may write) can. */
export interface ReadOnlyProblem extends AppError {
  fallBack: boolean;
}

export interface ReadOnlyOptions {
  home: string;
  /** The database file in `home`. */
  database: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `~` and the environment, resolved by the composition root. */
  host: HostEnv;
}

const isRead = (name: RequestName): name is ReadRequestName => (READ_REQUESTS as readonly string[]).includes(name);

/**
 * Reads without holding the data folder: no engine.lock, no recovery of interrupted turns, SQLite opened read-only
 * and never migrated. A folder without a database has no sessions yet: the answers are empty (an empty schema in
 * memory answers them, so they read exactly as an engine's would). A database older than this code needs a
 * migration, which only a normal open can do: the error then has `fallBack: true`. Every request that writes
 * answers `invalid_state`, naming the request.
 */
export function createReadOnlyEngine(opts: ReadOnlyOptions): Result<ReadOnlyEngine, ReadOnlyProblem> {
  let store: Store;
  try {
    store = existsSync(opts.database) ? new Store(opts.database, { readonly: true }) : new Store(':memory:');
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (e instanceof SchemaTooOld) return { ok: false, error: { kind: 'invalid_state', message, fallBack: true } };
    return { ok: false, error: { kind: 'invalid_state', message: `cannot read ${opts.database}: ${message}`, fallBack: false } };
  }

  const policy = createPolicyEngine({
    home: opts.home,
    host: opts.host,
    grants: {
      list: (sessionId) => store.listGrants(sessionId),
      add: () => {
        throw new Error('a read-only open of the data folder cannot save a session grant');
      },
    },
  });
  const journal = new ConflictStore(store.db);
  const reads = createReadHandlers({
    store,
    modeOf: (row) => policy.sessionMode(row.workspace, row.chosen_mode),
    headless: false,
    authorizer: policy,
    configView: async () => {
      const loaded = loadConfig({ home: opts.home, env: opts.env });
      return loaded.ok ? ok(await configViewWithWindows(loaded.value, createWindowResolver())) : err('config', loaded.error.message);
    },
    journal: (filter) => journal.listJournal(filter),
  });

  const refuse = (name: RequestName) => () =>
    err(
      'invalid_state',
      `${name} needs the data folder; ${opts.home} is only read here because no Paragents engine holds it ` +
        '(a command that writes opens it itself)',
    );
  const handlers = Object.fromEntries(
    (Object.keys(requests) as RequestName[]).map((name) => [name, isRead(name) ? reads[name] : refuse(name)]),
  ) as unknown as RequestHandlers;

  let closed = false;
  return ok({
    handlers,
    onEvent: () => () => undefined,
    close: async () => {
      if (closed) return;
      closed = true;
      store.close();
    },
    remote: false,
  });
}
