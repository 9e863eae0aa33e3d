/**
 * Copies the SQLite log's write-ahead log into the database file from a thread of its own, so
 * that the fsyncs a checkpoint makes never stall the thread that answers requests. Passive: it
 * never waits for, nor blocks, a writer or a reader. Started by wal-checkpointer.ts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new Database(file);
db.pragma('busy_timeout = 1000');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A checkpoint that could not run now (the file busy) runs on the next tick.
  }
}, everyMs);

parentPort?.on('message', (message) => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort?.close();
});
