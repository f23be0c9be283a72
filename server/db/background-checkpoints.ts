import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Dialect, Driver } from 'kysely';
import { forwardingDriver, withDriver } from './driver-wrapping';

/**
 * How long the helper thread rests when nothing was written since its last checkpoint. While
 * writes come in it checkpoints again at once, so little is left for the server's own checkpoint.
 */
const CHECKPOINT_INTERVAL_MS = 100;

/**
 * The server connection's own automatic checkpoint, in pages of WAL: a safety net for when the
 * helper thread falls behind or has stopped, far above what it lets the log reach (SQLite's
 * default is 1,000 pages).
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

/**
 * The thread starts once the log holds this much: a server that only reads (or has just started)
 * does not pay the thread's ~8 MB, and SQLite's own threshold (1,000 pages, 4 MB) is still far.
 */
export const START_AFTER_WAL_BYTES = 1024 * 1024;
/**
 * How often a finished query may look at the log's size before the thread runs (a stat of the
 * log, some microseconds). A burst of replies writes ~20,000 pages a second: checked once a second,
 * the log reached the connection's own checkpoint (FALLBACK_AUTOCHECKPOINT_PAGES) before the thread
 * started, and one reply's commit copied 40 MB while every request waited (28–36 ms).
 */
export const WAL_SIZE_CHECK_MS = 100;

/**
 * The full-text indexes (migrations 2026-11-21T13-00 and 2026-11-23T00-45) whose segments the
 * helper thread merges while the forum writes nothing. A commit adds a segment of its own, and
 * FTS5 merges a level only at 64 (`crisismerge`: merging inside a reply's transaction made one in a
 * hundred take over a second); a search reads every segment, so on the 1,000,000-message benchmark
 * forum a rare word cost 1.97 CPU ms a search with 14 segments and 0.74 with one (bench rows).
 */
export const MERGED_SEARCH_INDEXES = ['messages_fts', 'topics_fts'] as const;

/**
 * Pages of merged index one step writes: a few milliseconds of holding the write lock, which is
 * all a reply that arrives meanwhile waits. FTS5 merges a level once it holds `usermerge` (4)
 * segments.
 */
const MERGE_STEP_PAGES = 64;

/**
 * The helper thread, as CommonJS source (the server is one bundled file, so the worker cannot be
 * a file of its own). It opens its own connection to the database and runs PASSIVE checkpoints:
 * ones that wait for no reader or writer, so the server's transactions go on while it copies and
 * syncs. The log restarts from its beginning when a write begins with every page copied.
 *
 * Once the forum has written nothing for the interval, it takes one merge step of each search
 * index, and goes on stepping while there is work and nobody writes. Its own steps are
 * checkpointed at once, so they do not count as the forum writing.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true, timeout: 0 });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const totalChanges = db.prepare('SELECT total_changes() AS changes');
let timer;
let lastLog = 0;
let lastWriteAt = Date.now();
let merges;
function mergeStatements() {
  const present = new Set(
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((row) => row.name),
  );
  return workerData.indexes
    .filter((name) => present.has(name))
    .map((name) => db.prepare("INSERT INTO " + name + " (" + name + ", rank) VALUES ('merge', ?)"));
}
function stopMerging(error) {
  merges = [];
  parentPort.postMessage({ error: String(error && error.message), merging: true });
}
function mergeStep() {
  if (merges === undefined) {
    try {
      merges = mergeStatements();
    } catch (error) {
      stopMerging(error);
    }
  }
  let worked = false;
  for (const merge of merges) {
    const before = totalChanges.get().changes;
    try {
      merge.run(workerData.mergePages);
    } catch (error) {
      // Busy: the forum began writing; the next quiet pass goes on. Anything else would fail
      // again every quiet pass: merging stops, said once, and checkpoints go on.
      if (!(error && String(error.code).startsWith('SQLITE_BUSY'))) stopMerging(error);
      return false;
    }
    if (totalChanges.get().changes - before >= 2) worked = true;
  }
  return worked;
}
function pass() {
  let written = false;
  let merging = false;
  try {
    const result = checkpoint.get();
    written = result.log !== lastLog;
    lastLog = result.log;
    if (written) lastWriteAt = Date.now();
    else if (Date.now() - lastWriteAt >= workerData.intervalMs && mergeStep()) {
      merging = true;
      lastLog = checkpoint.get().log;
    }
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
  timer = setTimeout(pass, written || merging ? 0 : workerData.intervalMs);
}
timer = setTimeout(pass, workerData.intervalMs);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * A SQLite file database whose WAL checkpoints run on a thread of their own. SQLite checkpoints
 * in the connection that commits once the log passes 1,000 pages: better-sqlite3 runs on the
 * event loop, so every few hundred replies one commit copied some 4 MB into the database file and
 * synced it while every other request waited (measured on the benchmark forum: commit p50 0.09 ms,
 * p99 11 ms, max 125 ms). Started once the log has grown (START_AFTER_WAL_BYTES), stopped before
 * the driver closes.
 */
export function withBackgroundCheckpoints(dialect: Dialect, file: string): Dialect {
  return withDriver(dialect, (driver) => checkpointingDriver(driver, file));
}

function checkpointingDriver(driver: Driver, file: string): Driver {
  let worker: Worker | undefined;
  let nextSizeCheck = 0;
  let destroyed = false;
  const startOnceTheLogGrows = () => {
    if (worker || destroyed || Date.now() < nextSizeCheck) return;
    nextSizeCheck = Date.now() + WAL_SIZE_CHECK_MS;
    const logBytes = statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
    if (logBytes >= START_AFTER_WAL_BYTES) worker = startCheckpointWorker(file);
  };
  return {
    ...forwardingDriver(driver),
    releaseConnection: async (connection) => {
      await driver.releaseConnection(connection);
      startOnceTheLogGrows();
    },
    destroy: async () => {
      destroyed = true;
      if (worker) await stopCheckpointWorker(worker);
      await driver.destroy();
    },
  };
}

function startCheckpointWorker(file: string): Worker {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: CHECKPOINT_INTERVAL_MS,
      indexes: MERGED_SEARCH_INDEXES,
      mergePages: MERGE_STEP_PAGES,
    },
  });
  // A process that forgets to close its database still exits.
  worker.unref();
  worker.on('message', (message: { error: string; merging?: boolean }) => {
    if (message.merging) console.warn(`search index merging stopped: ${message.error}`);
    else
      console.warn(`background WAL checkpoint failed; the server will checkpoint itself: ${message.error}`);
  });
  worker.on('error', (error) => {
    console.warn(`background WAL checkpoints stopped; the server will checkpoint itself: ${error.message}`);
  });
  return worker;
}

async function stopCheckpointWorker(worker: Worker): Promise<void> {
  if (worker.threadId === -1) return;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  // Held until it has closed its connection: an unreferenced worker would let the process end
  // while the caller still awaits this.
  worker.ref();
  worker.postMessage('stop');
  await exited;
}
