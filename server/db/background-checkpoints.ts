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
/** How often a finished query may look at the log's size before the thread runs. */
const WAL_SIZE_CHECK_MS = 1000;

/**
 * The helper thread, as CommonJS source (the server is one bundled file, so the worker cannot be
 * a file of its own). It opens its own connection to the database and runs PASSIVE checkpoints:
 * ones that wait for no reader or writer, so the server's transactions go on while it copies and
 * syncs. The log restarts from its beginning when a write begins with every page copied.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let timer;
let lastLog = 0;
function pass() {
  let written = false;
  try {
    const result = checkpoint.get();
    written = result.log !== lastLog;
    lastLog = result.log;
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message) });
  }
  timer = setTimeout(pass, written ? 0 : workerData.intervalMs);
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
    },
  });
  // A process that forgets to close its database still exits.
  worker.unref();
  worker.on('message', (message: { error: string }) => {
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
