import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** What a statement answers from the database thread. */
export interface ThreadResult { rows: unknown[]; command: string; affected: number; fields?: { name: string; dataTypeID: number }[] }

/** The error of a statement stopped by the watchdog (the database thread was restarted under it). */
export const WATCHDOG_CODE = 'WATCHDOG_RESTART';

interface StartOptions { dataDir?: string; snapshot?: ArrayBuffer; timezone: string; sharedBuffers?: string }

async function spawn(options: StartOptions): Promise<Worker> {
  // the snapshot is copied, not moved: a restart starts from it again
  const snapshot = options.snapshot ? options.snapshot.slice(0) : undefined;
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir, snapshot, timezone: options.timezone, sharedBuffers: options.sharedBuffers },
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
  return worker;
}

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

  private restarting: Promise<void> | null = null;

  private constructor(private worker: Worker, private readonly options: StartOptions) {
    this.attach(worker);
  }

  private attach(worker: Worker): void {
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
    worker.on('exit', (code) => { if (!this.closed && worker === this.worker) fail(new Error(`the database thread stopped (exit code ${code})`)); });
  }

  /** Starts the thread and its database: files under `dataDir`, or in memory (optionally from a saved snapshot). */
  static async start(options: { dataDir?: string; snapshot?: Blob; timezone: string; sharedBuffers?: string }): Promise<PGliteThread> {
    const start: StartOptions = { dataDir: options.dataDir, timezone: options.timezone, sharedBuffers: options.sharedBuffers, snapshot: options.snapshot ? await options.snapshot.arrayBuffer() : undefined };
    return new PGliteThread(await spawn(start), start);
  }

  /**
   * The watchdog's last resort: PGlite runs a statement to its end whatever statement_timeout says
   * and cannot be interrupted, so a runaway statement is stopped by ending its thread and starting
   * the database again (from its files; an in-memory one, as the benchmarks open, from the snapshot it was
   * started from). Every statement in flight fails with `reason`; statements sent meanwhile wait.
   */
  restart(reason: string): Promise<void> {
    this.restarting ??= (async () => {
      const old = this.worker;
      old.removeAllListeners();
      const error = Object.assign(new Error(reason), { code: WATCHDOG_CODE });
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      await old.terminate();
      try {
        this.worker = await spawn(this.options);
        this.attach(this.worker);
      } catch (startError) {
        this.failure = startError as Error;
      }
    })().finally(() => { this.restarting = null; });
    return this.restarting;
  }

  private async call(message: Record<string, unknown>, watchdogMs?: number, onWatchdog?: () => void): Promise<Record<string, unknown>> {
    if (this.restarting) await this.restarting;
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    const id = ++this.seq;
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
    if (!watchdogMs) return answer;
    const timer = setTimeout(() => {
      if (!this.pending.has(id)) return;
      onWatchdog?.();
      void this.restart(`查询超过 ${watchdogMs} ms，已被中止`);
    }, watchdogMs);
    try {
      return await answer;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One statement. With `watchdogMs`, a statement still running after that long is stopped by
   * restarting the database (see restart); `fired` is told first. `fields`: answer the result's
   * column names and type oids too.
   */
  async query(sql: string, parameters: readonly unknown[], inTransaction: boolean, extra?: { watchdogMs?: number; fired?: () => void; fields?: boolean }): Promise<ThreadResult> {
    return (await this.call({ op: 'query', sql, parameters: [...parameters], inTransaction, fields: extra?.fields ?? false }, extra?.watchdogMs, extra?.fired)) as unknown as ThreadResult;
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
