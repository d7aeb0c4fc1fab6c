// The worker side of src/db/pglite-worker.ts: ONE PGlite (WebAssembly Postgres) in a `worker_threads` worker, so its
// CPU runs on a core other than join-api's HTTP event loop. Started with `workerData.dataDir`; answers the proxy's
// messages one at a time, in arrival order, except that while a transaction is open (`begin` … `end`) only that
// transaction's messages run — PGlite has one connection, and its own `transaction()` holds a mutex the same way.
// Self-contained (only `import type` from the proxy) so Node runs it as TypeScript under vitest and as dist/ when built.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { ToWorker, FromWorker, WorkerError } from './pglite-worker.js';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string };

const identity = (value: unknown) => value;
/** The parsers of a list of OIDs kept as Postgres' text (drizzle's identity parsers), per list. */
const parsersByOids = new Map<string, Record<number, (value: string) => unknown>>();
function parsersOf(rawOids: number[]) {
  const key = rawOids.join(',');
  let parsers = parsersByOids.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawOids.map((oid) => [oid, identity]));
    parsersByOids.set(key, parsers);
  }
  return parsers;
}

/** A Postgres error as plain data: its message and every string field (`code`, `table`, `constraint`, `detail`, …). */
function errorData(e: unknown): WorkerError {
  if (!(e instanceof Error)) return { message: String(e), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(e)) if (typeof v === 'string' || typeof v === 'number') fields[k] = v;
  return { message: e.message, name: e.name, fields };
}

const send = (message: FromWorker) => port.postMessage(message);

let db: PGlite;
try {
  db = await PGlite.create(dataDir);
} catch (e) {
  send({ type: 'failed', error: errorData(e) });
  throw e;
}

const queue: ToWorker[] = [];
let openTx: number | null = null;
let running = false;

async function run(m: ToWorker): Promise<void> {
  switch (m.op) {
    case 'query': {
      const r = await db.query(m.text, m.params, { rowMode: m.rowMode, parsers: parsersOf(m.rawOids) });
      send({ type: 'result', id: m.id, result: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } });
      return;
    }
    case 'exec': {
      const rs = await db.exec(m.text);
      send({
        type: 'result',
        id: m.id,
        result: rs.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })),
      });
      return;
    }
    case 'begin':
      openTx = m.tx;
      await db.query('BEGIN');
      send({ type: 'result', id: m.id, result: null });
      return;
    case 'end':
      try {
        await db.query(m.commit ? 'COMMIT' : 'ROLLBACK');
      } finally {
        openTx = null;
      }
      send({ type: 'result', id: m.id, result: null });
      return;
    case 'close':
      await db.close();
      send({ type: 'result', id: m.id, result: null });
      port.close();
      return;
  }
}

/** The next message that may run: the first one, or while a transaction is open the first of that transaction. */
function next(): ToWorker | undefined {
  const i = openTx === null ? 0 : queue.findIndex((m) => m.tx === openTx);
  return i < 0 ? undefined : queue.splice(i, 1)[0];
}

async function drain() {
  if (running) return;
  running = true;
  try {
    for (let m = next(); m; m = next()) {
      try {
        await run(m);
      } catch (e) {
        send({ type: 'error', id: m.id, error: errorData(e) });
      }
    }
  } finally {
    running = false;
  }
}

port.on('message', (m: ToWorker) => {
  queue.push(m);
  void drain();
});
send({ type: 'ready' });
