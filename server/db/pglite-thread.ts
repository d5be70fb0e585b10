import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** What a statement answers from the database thread. */
export interface ThreadResult { rows: unknown[]; command: string; affected: number }

type Pending = { resolve(answer: Record<string, unknown>): void; reject(error: Error): void };

/** A database error from the thread, with the fields PostgreSQL gave (code, detail, constraint…). */
function rebuildError(data: Record<string, unknown>): Error {
  const error = new Error(String(data.message ?? 'database error'));
  for (const [key, value] of Object.entries(data)) if (key !== 'message' && key !== 'stack') (error as unknown as Record<string, unknown>)[key] = value;
  return error;
}

/**
 * The embedded PostgreSQL (PGlite) in its own worker thread (`pglite-worker.mjs`): statements go
 * there as messages and come back as rows, in order, one at a time — one connection. The API's
 * event loop does the HTTP, the query building and the JSON while the thread does the database
 * work, and a long statement (a count after a write, an export) no longer stops other requests.
 */
export class PGliteThread {
  private readonly pending = new Map<number, Pending>();
  private seq = 0;
  private failure: Error | null = null;
  private closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: { id?: number; ok?: boolean; answer?: Record<string, unknown>; error?: Record<string, unknown> }) => {
      if (message.id === undefined) return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.answer ?? {});
      else waiting.reject(rebuildError(message.error ?? {}));
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => { if (!this.closed) fail(new Error(`the database thread stopped (exit code ${code})`)); });
  }

  /** Starts the thread and its database: files under `dataDir`, or in memory (optionally from a saved snapshot). */
  static async start(options: { dataDir?: string; snapshot?: Blob; timezone: string }): Promise<PGliteThread> {
    const snapshot = options.snapshot ? await options.snapshot.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, snapshot, timezone: options.timezone },
      transferList: snapshot ? [snapshot] : [],
    });
    const [ready] = (await Promise.race([
      once(worker, 'message'),
      once(worker, 'error').then(([error]) => { throw error; }),
    ])) as [{ ready: boolean; error?: Record<string, unknown> }];
    if (!ready.ready) {
      await worker.terminate();
      throw rebuildError(ready.error ?? {});
    }
    return new PGliteThread(worker);
  }

  private call(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  async query(sql: string, parameters: readonly unknown[], inTransaction: boolean): Promise<ThreadResult> {
    return (await this.call({ op: 'query', sql, parameters: [...parameters], inTransaction })) as unknown as ThreadResult;
  }

  /** The database files as a gzipped tarball (what `memory.snapshot` starts from). */
  async dumpDataDir(): Promise<Blob> {
    const { bytes } = await this.call({ op: 'dump' });
    return new Blob([bytes as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.failure) await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
