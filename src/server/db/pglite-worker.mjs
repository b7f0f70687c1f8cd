// The PGlite engine on a thread of its own (`openDatabase({ thread: 'worker' })`): this worker
// owns the PGlite instance and answers the messages of `PgliteWorkerClient`
// (pglite-worker-client.ts), so the WASM engine's work does not hold the API's event loop.
//
// Plain JavaScript so that `node` loads it as it is wherever the API runs: under tsx, from the
// esbuild bundle (which finds this file beside database.ts, as it finds the migrations) and
// under vitest. It imports nothing of ours.
//
// workerData: { dataDir?: string, loadDataDir?: Blob, textTypes: number[] }
// (textTypes: the type OIDs whose values stay PostgreSQL's text, drizzle's parsers).
// Requests: { id, op, ... }; every request is answered once, { id, result } or { id, error }.
// Statements of a transaction carry its number (`tx`): the first one begins it (PGlite's
// `transaction`, which holds PGlite's lock, so statements outside it wait), `commit` or
// `rollback` ends it. Notifications are posted as { notify, payload } before the answer to the
// statement that delivered them, as PGlite calls its listeners.
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

const { dataDir, loadDataDir, textTypes } = workerData;
const asText = (value) => value;
const loaded = loadDataDir ? { loadDataDir } : {};
const pg = dataDir ? new PGlite(dataDir, loaded) : new PGlite(loaded);

/** The fields of an error that cross to the main thread (a DatabaseError's SQLSTATE and more). */
function errorMessage(error) {
  const fields = { name: 'Error', message: String(error) };
  if (error && typeof error === 'object') {
    fields.name = error.name ?? 'Error';
    fields.databaseError = error instanceof messages.DatabaseError;
    fields.message = error.message ?? String(error);
    if (typeof error.stack === 'string') fields.stack = error.stack;
    for (const [key, value] of Object.entries(error)) {
      const kind = typeof value;
      if (kind === 'string' || kind === 'number' || kind === 'boolean') fields[key] = value;
      else if (key === 'params' && Array.isArray(value)) fields.params = value.map(String);
    }
  }
  return fields;
}

function answer(id, work) {
  work
    .then((result) =>
      // a dump's bytes are moved, not copied
      port.postMessage({ id, result }, result instanceof ArrayBuffer ? [result] : []),
    )
    // the statement's error, or a result that cannot be cloned
    .catch((error) => port.postMessage({ id, error: errorMessage(error) }));
}

/** A query's result without what cannot cross (a blob): rows, fields, counts, command. */
function plainResult(result) {
  const plain = { rows: result.rows, fields: result.fields };
  for (const key of ['affectedRows', 'rowCount', 'command']) {
    if (result[key] !== undefined) plain[key] = result[key];
  }
  return plain;
}

function runStatement(client, message) {
  if (message.op === 'exec') {
    return client.exec(message.sql, message.options).then((results) => results.map(plainResult));
  }
  return client
    .query(message.sql, message.params, message.options)
    .then((result) => plainResult(result));
}

/** open transactions by number: PGlite's transaction object once begun, statements in order */
const transactions = new Map();

function onTransactionMessage(message) {
  let state = transactions.get(message.tx);
  if (!state) {
    state = { chain: Promise.resolve(), begun: undefined, end: undefined };
    transactions.set(message.tx, state);
    state.begun = new Promise((resolveBegun, rejectBegun) => {
      const ended = pg.transaction((tx) =>
        new Promise((resolveEnd) => {
          resolveBegun(tx);
          state.end = resolveEnd;
        }).then((action) => (action === 'rollback' ? tx.rollback() : undefined)),
      );
      state.ended = ended.finally(() => transactions.delete(message.tx));
      state.ended.catch(() => undefined); // answered through the commit or rollback
      // BEGIN failed (PGlite closed): every statement of the transaction fails with it
      ended.catch(rejectBegun);
    });
    state.begun.catch(() => undefined); // answered through the statements
  }
  if (message.op === 'commit' || message.op === 'rollback') {
    const action = message.op;
    answer(
      message.id,
      state.chain.then(async () => {
        await state.begun;
        state.end(action);
        await state.ended;
        return null;
      }),
    );
    return;
  }
  const run = state.chain.then(async () => runStatement(await state.begun, message));
  state.chain = run.catch(() => undefined);
  answer(message.id, run);
}

const unsubscribes = new Map();

port.on('message', (message) => {
  switch (message.op) {
    case 'query':
    case 'exec':
    case 'commit':
    case 'rollback':
      if (message.tx !== undefined) onTransactionMessage(message);
      else answer(message.id, runStatement(pg, message));
      return;
    case 'listen':
      answer(
        message.id,
        pg
          .listen(message.channel, (payload) =>
            port.postMessage({ notify: message.channel, payload }),
          )
          .then((unsubscribe) => {
            unsubscribes.set(message.channel, unsubscribe);
            return null;
          }),
      );
      return;
    case 'unlisten': {
      const unsubscribe = unsubscribes.get(message.channel);
      unsubscribes.delete(message.channel);
      answer(message.id, unsubscribe ? unsubscribe() : Promise.resolve());
      return;
    }
    case 'dumpDataDir':
      answer(
        message.id,
        pg.dumpDataDir(message.compression).then((blob) => blob.arrayBuffer()),
      );
      return;
    case 'close':
      answer(
        message.id,
        (pg.closed ? Promise.resolve() : pg.close()).then(() => null),
      );
      return;
    default:
      port.postMessage({
        id: message.id,
        error: { name: 'Error', message: `unknown op ${message.op}` },
      });
  }
});

pg.waitReady.then(
  () => {
    // after waitReady: PGlite's start sets the parsers of every array type
    for (const type of textTypes) pg.parsers[type] = asText;
    port.postMessage({ ready: true });
  },
  (error) => port.postMessage({ ready: false, error: errorMessage(error) }),
);
