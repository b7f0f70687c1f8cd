import { Worker } from 'node:worker_threads';
import { messages, type Results } from '@electric-sql/pglite';

/**
 * PGlite in a worker thread (pglite-worker.mjs), seen from the main thread: the part of a
 * PGlite client that drizzle's PGlite driver and database.ts use (`query`, `exec`,
 * `transaction`, `listen`, `dumpDataDir`, `close`, `closed`, `waitReady`). Statements go to the
 * worker as messages and their results come back by structured clone, so the WASM engine runs
 * beside the event loop instead of on it.
 *
 * Transactions: the first statement of one begins it in the worker with PGlite's own
 * `transaction`, which holds PGlite's lock; statements sent outside it wait for that lock there,
 * in order, as they would on an in-thread PGlite. The callback's error rolls back (and is
 * rethrown); its result commits. A transaction that sent no statement sends nothing.
 *
 * Errors come back as PGlite's `DatabaseError` (a database's: `code` is the SQLSTATE, with
 * `detail`, `constraint` and the rest) or an `Error`, with the worker's message and fields.
 *
 * The worker keeps the process alive only while a request is outstanding, as an in-thread
 * PGlite does (an open database alone does not hold a process open).
 */

export interface StatementOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
  serializers?: Record<number, unknown>;
}

/** What a transaction's callback gets (the part of PGlite's `Transaction` drizzle uses). */
export interface WorkerTransaction {
  query<T>(query: string, params?: unknown[], options?: StatementOptions): Promise<Results<T>>;
  exec(query: string, options?: StatementOptions): Promise<Results[]>;
  readonly closed: boolean;
}

export interface PgliteWorkerOptions {
  /** the PGlite data directory (pgdata); in memory without one */
  dataDir?: string;
  loadDataDir?: Blob;
  /** type OIDs whose values stay PostgreSQL's text (drizzle's parsers), set after waitReady */
  textTypes: number[];
  /**
   * A statement's options as the worker gets them (functions cannot cross a thread):
   * database.ts leaves out drizzle's parsers, which the worker has already.
   */
  prepareOptions?: (options: StatementOptions | undefined) => StatementOptions | undefined;
}

interface ErrorFields {
  name: string;
  message: string;
  stack?: string;
  databaseError?: boolean;
  [field: string]: unknown;
}

type Reply = { id: number; result?: unknown; error?: ErrorFields };
type Notification = { notify: string; payload: string };
type Ready = { ready: boolean; error?: ErrorFields };

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

function errorFrom(fields: ErrorFields): Error {
  const { name, message, stack, databaseError, ...rest } = fields;
  const error = databaseError
    ? new messages.DatabaseError(message, 0, 'error')
    : Object.assign(new Error(message), { name });
  Object.assign(error, rest);
  if (stack) error.stack = `${stack}\n    (in the PGlite worker thread)`;
  return error;
}

export class PgliteWorkerClient {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private nextTransaction = 1;
  private isClosed = false;
  private failure: Error | undefined;
  private readonly prepareOptions: NonNullable<PgliteWorkerOptions['prepareOptions']>;

  constructor(options: PgliteWorkerOptions) {
    this.prepareOptions = options.prepareOptions ?? ((given) => given);
    const workerData = {
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      textTypes: options.textTypes,
    };
    // Of this process's Node options only the profilers' (`--cpu-prof`, `--heap-prof`: the worker
    // writes a profile of its own); not tsx's loader (the worker is JavaScript).
    const execArgv = process.execArgv.filter((arg) => /^--(cpu|heap)-prof/.test(arg));
    this.worker = new Worker(WORKER_URL, { workerData, execArgv });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (message: Reply | Notification | Ready) => {
        if ('ready' in message) {
          if (message.ready) resolve();
          else reject(errorFrom(message.error!));
        } else if ('notify' in message) {
          for (const listener of this.listeners.get(message.notify) ?? []) {
            listener(message.payload);
          }
        } else {
          const request = this.pending.get(message.id);
          if (!request) return;
          this.pending.delete(message.id);
          if (this.pending.size === 0) this.worker.unref();
          if (message.error) request.reject(errorFrom(message.error));
          else request.resolve(message.result);
        }
      });
      // the worker failed or exited; after close() (isClosed already) that is no failure
      const fail = (error: Error) => {
        if (!this.isClosed) this.failure = error;
        this.isClosed = true;
        reject(error);
        for (const request of this.pending.values()) request.reject(error);
        this.pending.clear();
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => fail(new Error(`the PGlite worker exited (code ${code})`)));
    });
    // opening keeps the process alive until ready, as PGlite's start does
    void this.waitReady.then(
      () => {
        if (this.pending.size === 0) this.worker.unref();
      },
      () => undefined,
    );
  }

  get closed(): boolean {
    return this.isClosed;
  }

  private async call<T>(message: Record<string, unknown>): Promise<T> {
    await this.waitReady;
    if (this.isClosed) throw this.failure ?? new Error('PGlite is closed');
    const id = this.nextId++;
    const reply = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    });
    if (this.pending.size === 1) this.worker.ref();
    this.worker.postMessage({ ...message, id });
    return reply;
  }

  private statement<T>(
    op: 'query' | 'exec',
    sql: string,
    params: unknown[] | undefined,
    options: StatementOptions | undefined,
    tx?: number,
  ): Promise<T> {
    const sent = this.prepareOptions(options);
    if (sent && (sent.parsers || sent.serializers)) {
      return Promise.reject(
        new Error('PGlite in a worker thread takes no parsers or serializers of a statement'),
      );
    }
    return this.call<T>({ op, sql, params, options: sent, tx });
  }

  query<T>(query: string, params?: unknown[], options?: StatementOptions): Promise<Results<T>> {
    return this.statement('query', query, params ?? [], options);
  }

  exec(query: string, options?: StatementOptions): Promise<Results[]> {
    return this.statement('exec', query, undefined, options);
  }

  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const number = this.nextTransaction++;
    let begun = false;
    let ended = false;
    const check = () => {
      if (ended) throw new Error('Transaction is closed');
      begun = true;
    };
    const tx: WorkerTransaction = {
      query: async (query, params, options) => {
        check();
        return this.statement('query', query, params ?? [], options, number);
      },
      exec: async (query, options) => {
        check();
        return this.statement('exec', query, undefined, options, number);
      },
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      ended = true;
      if (begun) await this.call({ op: 'rollback', tx: number });
      throw error;
    }
    ended = true;
    if (begun) await this.call({ op: 'commit', tx: number });
    return result;
  }

  /** LISTEN on `channel`; resolves to the unsubscribe function. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    const first = !callbacks;
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
    }
    callbacks.add(callback);
    try {
      if (first) await this.call({ op: 'listen', channel });
    } catch (error) {
      callbacks.delete(callback);
      if (callbacks.size === 0) this.listeners.delete(channel);
      throw error;
    }
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.listeners.delete(channel);
      await this.call({ op: 'unlisten', channel });
    };
  }

  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'none'): Promise<Blob> {
    const bytes = await this.call<ArrayBuffer>({ op: 'dumpDataDir', compression });
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.isClosed) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.isClosed = true;
      await this.worker.terminate();
    }
  }
}
