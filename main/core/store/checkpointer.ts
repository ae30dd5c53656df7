import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Db } from './db';

/*
 * WAL checkpoints off the engine's thread. SQLite's automatic checkpoint runs inside the commit that fills the
 * WAL past 1,000 pages: that commit copies the pages into the database file and syncs it, 8–10 ms of the thread
 * that the window's IPC and every session share. Here the engine's connection never checkpoints inside a commit
 * (wal_autocheckpoint = 0). Once the WAL holds 1,000 pages, a worker thread with a connection of its own copies
 * them (a PASSIVE checkpoint: it waits for no writer and blocks none); the engine's connection then finishes the
 * checkpoint after its next commit, copying only the few pages written meanwhile (about 1 ms), which lets its
 * next write start the WAL over from the beginning. Should the worker fail, the connection checkpoints itself
 * again as SQLite does by default.
 */

/** SQLite's own automatic checkpoint size, in pages (WAL frames). */
const CHECKPOINT_FRAMES = 1000;
/** Commits between two looks at the WAL's frame count. */
const COMMITS_PER_LOOK = 8;
/** How long closing waits for the worker's connection to close (a checkpoint in progress finishes first). */
const CLOSE_WAIT_MS = 5000;
/**
 * Where the wal-index (the -shm file, SQLite's documented format) keeps mxFrame, the number of valid frames in
 * the WAL: a 32-bit integer in the machine's byte order at byte 16 of its first header copy.
 */
const MX_FRAME_OFFSET = 16;
const LITTLE_ENDIAN = endianness() === 'LE';

// A worker of a few lines, given as source so that a bundled engine (the CLI, the desktop app) needs no file of
// its own for it; better-sqlite3 is loaded by the path the engine itself resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    Atomics.store(workerData.closed, 0, 1);
    Atomics.notify(workerData.closed, 0);
    parentPort.close();
    return;
  }
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, log: row.log, checkpointed: row.checkpointed });
  } catch (e) {
    parentPort.postMessage({ ok: false, error: String((e && e.message) || e) });
  }
});
`;

export interface CheckpointResult {
  ok: boolean;
  /** Frames in the WAL when the worker checkpointed, and how many of them it copied into the database. */
  log?: number;
  checkpointed?: number;
  error?: string;
}

export class Checkpointer {
  private worker: Worker | null = null;
  private inFlight = false;
  private commits = 0;
  private failed = false;
  private closed = false;
  /** The worker's checkpoint is done: the next commit here finishes it. */
  private finishHere = false;
  private shm: number | null = null;
  private readonly frameBuf = Buffer.alloc(4);
  /** Set to 1 by the worker once its connection is closed. */
  private readonly closedFlag = new Int32Array(new SharedArrayBuffer(4));
  /** Called with each of the worker's checkpoints (the tests watch it). */
  onCheckpoint: ((r: CheckpointResult) => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly file: string,
  ) {
    db.pragma('wal_autocheckpoint = 0');
  }

  /** After each commit (the end of an outermost transaction). */
  committed(): void {
    if (this.closed || this.failed) return;
    if (this.finishHere) {
      this.finishHere = false;
      this.db.pragma('wal_checkpoint(PASSIVE)');
      return;
    }
    if (this.inFlight || ++this.commits < COMMITS_PER_LOOK) return;
    this.commits = 0;
    const frames = this.walFrames();
    // Started half-way there, the worker (a thread loading SQLite) is ready by the time it is needed.
    if (frames >= CHECKPOINT_FRAMES / 2 && !this.worker) this.worker = this.tryStart();
    if (frames >= CHECKPOINT_FRAMES) this.checkpoint();
  }

  /** The WAL's valid frames now, from the wal-index header (0 when it cannot be read). */
  walFrames(): number {
    try {
      this.shm ??= openSync(`${this.file}-shm`, 'r');
      if (readSync(this.shm, this.frameBuf, 0, 4, MX_FRAME_OFFSET) !== 4) return 0;
      return LITTLE_ENDIAN ? this.frameBuf.readUInt32LE(0) : this.frameBuf.readUInt32BE(0);
    } catch {
      return 0;
    }
  }

  /**
   * Ends the worker, waiting (at most CLOSE_WAIT_MS) for its connection to close: the engine connection's close is
   * then the last one, which checkpoints what is left into the database file and removes the WAL, so a closed
   * data folder is whole in its .db file.
   */
  close(): void {
    this.closed = true;
    if (this.shm !== null) closeSync(this.shm);
    this.shm = null;
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    worker.postMessage('close');
    Atomics.wait(this.closedFlag, 0, 0, CLOSE_WAIT_MS);
    void worker.terminate();
  }

  private checkpoint(): void {
    this.worker ??= this.tryStart();
    if (!this.worker) return;
    this.inFlight = true;
    this.worker.postMessage('checkpoint');
  }

  private tryStart(): Worker | null {
    try {
      const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { sqlite, file: this.file, closed: this.closedFlag } });
      // The engine's process does not wait for its checkpoints to exit.
      worker.unref();
      worker.on('message', (r: CheckpointResult) => {
        this.inFlight = false;
        if (r.ok) this.finishHere = true;
        else this.fallBack();
        this.onCheckpoint?.(r);
      });
      worker.on('error', () => this.fallBack());
      return worker;
    } catch {
      this.fallBack();
      return null;
    }
  }

  /** The worker could not run: the connection goes back to checkpointing itself, so the WAL never grows unbounded. */
  private fallBack(): void {
    if (this.failed) return;
    this.failed = true;
    this.inFlight = false;
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${CHECKPOINT_FRAMES}`);
    const worker = this.worker;
    this.worker = null;
    if (worker) void worker.terminate();
  }
}
