import { existsSync } from 'node:fs';
import { requests, type RequestHandlers, type RequestName } from '../../../shared/api';
import type { RedactedConfig } from '../../../shared/config';
import type { EngineEvent } from '../../../shared/events';
import { english, msg } from '../../../shared/i18n/message';
import { thrownSentence } from '../../../shared/msg-error';
import { err, ok, type AppError, type Result } from '../../../shared/result';
import { loadConfig } from '../config';
import { ConflictStore } from '../conflicts/conflict-store';
import { configViewWithWindows } from '../context/config-view';
import { createWindowResolver } from '../context/window';
import type { HostEnv } from '../host-env';
import { createPolicyEngine } from '../policy';
import { SchemaTooOld, type Db } from '../store/db';
import { openStore as openStoreWithDb, type Store } from '../store/store';
import { engineHoldsHome } from './home-lock';
import { createReadHandlers, READ_REQUESTS, type ReadRequestName } from './read-handlers';
import { leftMidTurn, shownPromptStatus, shownSessionStatus } from './read-only-status';

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
  /**
   * `config`: the command reads only the configuration (`config show`), so no database is opened for it (one that
   * cannot be read does not stop it); the other reads open it when first asked. Default `all`: opened at once, so
   * that a database needing a migration is known before any answer.
   */
  reads?: 'all' | 'config';
}

const isRead = (name: RequestName): name is ReadRequestName => (READ_REQUESTS as readonly string[]).includes(name);

/**
 * Reads without holding the data folder: no engine.lock, no recovery of interrupted turns, SQLite opened read-only
 * and never migrated. A folder without a database has no sessions yet: the answers are empty (an empty schema in
 * memory answers them, so they read exactly as an engine's would). A database older than this code needs a
 * migration, which only a normal open can do: the error then has `fallBack: true`. Every request that writes
 * answers `invalid_state`, naming the request. While no live engine holds the folder, a prompt it left mid-turn
 * reads `interrupted` (read-only-status.ts); at each request, since an engine may start or stop in between.
 */
export function createReadOnlyEngine(opts: ReadOnlyOptions): Result<ReadOnlyEngine, ReadOnlyProblem> {
  const configView = async (): Promise<Result<RedactedConfig>> => {
    const loaded = loadConfig({ home: opts.home, env: opts.env });
    return loaded.ok ? ok(await configViewWithWindows(loaded.value, createWindowResolver())) : err('config', loaded.error.msg ?? loaded.error.message);
  };
  let opened: Result<Opened, ReadOnlyProblem> | null = null;
  const open = (): Result<Opened, ReadOnlyProblem> => (opened ??= openStore(opts, configView));
  if ((opts.reads ?? 'all') === 'all') {
    const first = open();
    if (!first.ok) return first;
  }

  const refuse = (name: RequestName) => () => err('invalid_state', msg('engineErrors.home.readOnly', { request: name, home: opts.home }));
  const read = (name: ReadRequestName) => (input: never) => {
    if (name === 'config.get') return configView();
    const store = open();
    if (!store.ok) return err(store.error.kind, store.error.msg ?? store.error.message);
    return (store.value.reads[name] as (input: never) => unknown)(input);
  };
  const handlers = Object.fromEntries(
    (Object.keys(requests) as RequestName[]).map((name) => [name, isRead(name) ? read(name) : refuse(name)]),
  ) as unknown as RequestHandlers;

  let closed = false;
  return ok({
    handlers,
    onEvent: () => () => undefined,
    close: async () => {
      if (closed) return;
      closed = true;
      if (opened?.ok) opened.value.store.close();
    },
    remote: false,
  });
}

interface Opened {
  store: Store;
  reads: Pick<RequestHandlers, ReadRequestName>;
}

function openStore(opts: ReadOnlyOptions, configView: () => Promise<Result<RedactedConfig>>): Result<Opened, ReadOnlyProblem> {
  let store: Store;
  let db: Db;
  try {
    ({ store, db } = existsSync(opts.database) ? openStoreWithDb(opts.database, { readonly: true }) : openStoreWithDb(':memory:'));
  } catch (e) {
    const problem = e instanceof SchemaTooOld ? e.msg : msg('engineErrors.home.cannotRead', { file: opts.database, error: thrownSentence(e) });
    return { ok: false, error: { kind: 'invalid_state', message: english(problem), msg: problem, fallBack: e instanceof SchemaTooOld } };
  }

  const policy = createPolicyEngine({
    home: opts.home,
    host: opts.host,
    grants: {
      list: (sessionId) => store.sessions.listGrants(sessionId),
      add: () => {
        throw new Error('a read-only open of the data folder cannot save a session grant');
      },
    },
  });
  // The read-only root's one repository outside the store: the change journal, read on the store's connection.
  const journal = new ConflictStore(db);
  const reads = createReadHandlers({
    store,
    modeOf: (row) => policy.sessionMode(row.workspace, row.chosen_mode),
    headless: false,
    authorizer: policy,
    configView,
    journal: (filter) => journal.listJournal(filter),
  });
  return ok({ store, reads: { ...reads, ...statusAsShown(opts.home, store, reads) } });
}

/**
 * The session reads with each status as a reader shows it (read-only-status.ts): the rows stay as stored, for the
 * next engine to recover.
 */
function statusAsShown(
  home: string,
  store: Store,
  reads: Pick<RequestHandlers, 'session.list' | 'session.get'>,
): Pick<RequestHandlers, 'session.list' | 'session.get'> {
  return {
    'session.list': async (input) => {
      const listed = await reads['session.list'](input);
      if (!listed.ok || engineHoldsHome(home)) return listed;
      const left = new Set(
        store
          .prompts.withStatus(['running', 'waiting_approval', 'conflict'])
          .filter((p) => leftMidTurn({ status: p.status, startedAt: p.started_at }))
          .map((p) => p.session_id),
      );
      return ok(listed.value.map((s) => ({ ...s, status: shownSessionStatus(s.status, left.has(s.id), false) })));
    },
    'session.get': async (input) => {
      const got = await reads['session.get'](input);
      if (!got.ok) return got;
      const live = engineHoldsHome(home);
      const s = got.value;
      return ok({
        ...s,
        status: shownSessionStatus(s.status, s.prompts.some(leftMidTurn), live),
        prompts: s.prompts.map((p) => ({ ...p, status: shownPromptStatus(p, live) })),
      });
    },
  };
}
