import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** How often the checkpoint thread copies the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 250;
/** How long close() waits for the thread to close its connection before stopping it. */
const CLOSE_WAIT_MS = 2_000;

/**
 * The thread that checkpoints a SQLite log's write-ahead log (wal-checkpoint-worker.ts). SQLite
 * otherwise checkpoints inside a commit now and then, and that commit (with every request of its
 * batch) waits for the fsyncs: milliseconds, in the tail of the answer times.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  private closing = false;

  /** `stopped` runs if the thread ends before close(): the store then checkpoints inside its commits again. */
  constructor(file: string, stopped: () => void) {
    this.worker = new Worker(path.join(__dirname, 'wal-checkpoint-worker.js'), { workerData: { file, everyMs: CHECKPOINT_EVERY_MS } });
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', () => {
        if (!this.closing) stopped();
        resolve();
      }),
    );
    // A thread that fails costs only speed, and exits: `stopped` takes it from there.
    this.worker.on('error', () => undefined);
    this.worker.unref();
  }

  async close(): Promise<void> {
    this.closing = true;
    this.worker.postMessage('close');
    const timer = setTimeout(() => void this.worker.terminate(), CLOSE_WAIT_MS);
    await this.exited;
    clearTimeout(timer);
  }
}
