import { Worker } from 'node:worker_threads';

/** One query's answer as it crosses the thread boundary (structured clone): PGlite's `Results` without `blob`. */
export interface WorkerResults<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** A Postgres error as data: its message and string fields (`code`, `table`, `constraint`, `detail`, …). */
export interface WorkerError {
  message: string;
  name?: string;
  fields: Record<string, string | number>;
}

/** Messages to the worker (src/db/pglite-worker-thread.ts); `tx` names the open transaction a message belongs to. */
export type ToWorker = { id: number; tx?: number } & (
  | { op: 'query'; text: string; params: unknown[]; rowMode: 'array' | 'object'; rawOids: number[] }
  | { op: 'exec'; text: string }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);

/** A message to the worker before the proxy numbers it. */
type Outgoing = ToWorker extends infer M ? (M extends unknown ? Omit<M, 'id'> : never) : never;

/** Messages from the worker. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; error: WorkerError }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'error'; id: number; error: WorkerError };

/** The subset of PGlite's query options drizzle passes (drizzle-orm/pglite/session.js). */
export interface ProxyQueryOptions {
  rowMode?: 'array' | 'object';
  /** Only identity parsers (keep the OID's value as Postgres' text, as drizzle does for dates and intervals). */
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** What drizzle calls on a PGlite transaction. */
export interface ProxyTransaction {
  query<T>(text: string, params?: unknown[], options?: ProxyQueryOptions): Promise<WorkerResults<T>>;
  exec(text: string): Promise<WorkerResults[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** An error of the database thread, with the Postgres fields of the original (`code`, `table`, `constraint`, …). */
export class PGliteWorkerError extends Error {
  code?: string;
  table?: string;
  constraint?: string;
  detail?: string;
  constructor(data: WorkerError) {
    super(data.message);
    Object.assign(this, data.fields);
    this.name = data.name ?? 'DatabaseError';
  }
}

/** The OIDs whose parser is the identity, i.e. kept as Postgres' text (drizzle's timestamp/date/interval parsers). */
function rawOidsOf(parsers: ProxyQueryOptions['parsers'] = {}): number[] {
  return Object.entries(parsers).map(([oid, parse]) => {
    const probe = `probe-${oid}`;
    if (parse(probe, Number(oid)) !== probe) {
      throw new TypeError(
        `PGlite worker: the parser of type ${oid} is not the identity (functions cannot cross threads)`,
      );
    }
    return Number(oid);
  });
}

/**
 * This process's Node options without its preloads (`--import`, `--require`, `-r`): a worker inherits `execArgv` by
 * default (Node docs, `new Worker` `execArgv`), so a preload would run again in the database thread — the bench's
 * watchdog (bench/watchdog.mjs), which listens on stdin, kept PGlite's worker from ever starting. Profiling flags
 * (`--cpu-prof`) stay, so the worker is profiled too.
 */
export function withoutPreloads(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    if (arg === '--import' || arg === '--require' || arg === '-r') i++;
    else if (!/^--(import|require)=/.test(arg)) kept.push(arg);
  }
  return kept;
}

/** The worker's entry beside this module: TypeScript under vitest/tsx (src/), JavaScript once built (dist/). */
function workerEntry(): URL {
  return new URL(
    import.meta.url.endsWith('.ts') ? './pglite-worker-thread.ts' : './pglite-worker-thread.js',
    import.meta.url,
  );
}

/**
 * PGlite in a `worker_threads` worker, behind exactly the part of PGlite's client drizzle-orm's PGlite driver uses
 * (`query(text, params, { rowMode, parsers })`, `transaction(cb)`, `exec`, `close`), so `drizzle(client)` gives the
 * same `Db` while the WebAssembly Postgres runs on another core than the HTTP event loop (README "Performance").
 * One connection, as PGlite: while a transaction is open, every other query waits until its COMMIT or ROLLBACK.
 * Errors keep their Postgres fields ({@link PGliteWorkerError}). If the worker dies, every pending and later call
 * rejects.
 */
export class PGliteWorkerClient {
  #worker: Worker;
  #pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  #nextId = 1;
  #dead: Error | undefined;
  #exited: Promise<void>;
  #running = true;

  private constructor(worker: Worker) {
    this.#worker = worker;
    this.#exited = new Promise((resolve) =>
      worker.once('exit', () => {
        this.#running = false;
        resolve();
      }),
    );
    worker.on('message', (m: FromWorker) => {
      if (m.type !== 'result' && m.type !== 'error') return;
      const p = this.#pending.get(m.id);
      if (!p) return;
      this.#pending.delete(m.id);
      if (m.type === 'result') p.resolve(m.result);
      else p.reject(new PGliteWorkerError(m.error));
    });
    worker.on('error', (e) => this.#fail(new Error(`PGlite worker crashed: ${e.message}`, { cause: e })));
    worker.on('exit', (code) => this.#fail(new Error(`PGlite worker exited (code ${code})`)));
  }

  /**
   * Starts the worker and opens PGlite in `dataDir` (`memory://` for in-memory) there.
   * @throws the worker's error when PGlite cannot open the folder
   */
  static async create(dataDir: string): Promise<PGliteWorkerClient> {
    const worker = new Worker(workerEntry(), { workerData: { dataDir }, execArgv: withoutPreloads(process.execArgv) });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: FromWorker) => {
        if (m.type === 'ready') done(resolve);
        else if (m.type === 'failed') done(() => reject(new PGliteWorkerError(m.error)));
      };
      const onError = (e: Error) => done(() => reject(e));
      const onExit = (code: number) => done(() => reject(new Error(`PGlite worker exited at start-up (code ${code})`)));
      const done = (then: () => void) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        then();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    return new PGliteWorkerClient(worker);
  }

  #fail(error: Error) {
    this.#dead ??= error;
    for (const p of this.#pending.values()) p.reject(error);
    this.#pending.clear();
  }

  #call<T>(message: Outgoing): Promise<T> {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  async #query<T>(tx: number | undefined, text: string, params: unknown[] = [], options: ProxyQueryOptions = {}) {
    return this.#call<WorkerResults<T>>({
      op: 'query',
      text,
      params,
      rowMode: options.rowMode ?? 'object',
      rawOids: rawOidsOf(options.parsers),
      ...(tx === undefined ? {} : { tx }),
    });
  }

  /** One statement (PGlite's `query`); waits while another caller's transaction is open. */
  query<T>(text: string, params?: unknown[], options?: ProxyQueryOptions): Promise<WorkerResults<T>> {
    return this.#query<T>(undefined, text, params, options);
  }

  /** Several statements without parameters (PGlite's `exec`). */
  exec(text: string): Promise<WorkerResults[]> {
    return this.#call({ op: 'exec', text });
  }

  /**
   * Runs `callback` in a transaction (BEGIN … COMMIT; ROLLBACK when it throws, then rethrows). Queries made through
   * `tx` run inside it; every other query waits until it ends.
   */
  async transaction<T>(callback: (tx: ProxyTransaction) => Promise<T>): Promise<T> {
    const txId = this.#nextId++;
    await this.#call({ op: 'begin', tx: txId });
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.#call({ op: 'end', tx: txId, commit });
    };
    const tx: ProxyTransaction = {
      query: <R>(text: string, params?: unknown[], options?: ProxyQueryOptions) =>
        closed
          ? Promise.reject(new Error('PGlite worker: transaction already closed'))
          : this.#query<R>(txId, text, params, options),
      exec: (text) =>
        closed
          ? Promise.reject(new Error('PGlite worker: transaction already closed'))
          : this.#call({ op: 'exec', text, tx: txId }),
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (e) {
      await end(false).catch(() => undefined);
      throw e;
    }
    await end(true);
    return result;
  }

  /** Closes PGlite and ends the worker; resolves once the thread has exited. */
  async close(): Promise<void> {
    if (!this.#dead) {
      await this.#call({ op: 'close' }).catch(() => undefined);
      this.#fail(new Error('PGlite worker: closed'));
    }
    await Promise.race([this.#exited, new Promise((r) => setTimeout(r, 5_000).unref())]);
    await this.#worker.terminate();
  }

  /** Whether the worker thread is still running (false once it has exited: closed, crashed or terminated). */
  get running(): boolean {
    return this.#running;
  }

  /** Tests: ends the thread as a crash would, without closing PGlite. */
  async terminateForTest(): Promise<void> {
    await this.#worker.terminate();
  }
}
