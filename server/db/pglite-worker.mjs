// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, so
// that its statements run beside the API's event loop instead of on it — a long count or an export
// no longer holds up every other request, and the HTTP work of one request overlaps the database
// work of another. Plain JavaScript: the thread needs no TypeScript loader.
// Protocol (one message in, one answer out, answered in order): see pglite-thread.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse as pgParse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const INT8 = 20;
const NUMERIC = 1700;
/** How many named statements are kept prepared (least recently used ones are closed). */
const STATEMENT_CACHE_SIZE = 256;
/** PostgreSQL refuses a prepared statement whose result columns changed under it (a column was added). */
const PLAN_RESULT_CHANGED = '0A000';
/** Statements that change a table's shape. */
const SCHEMA_CHANGE = /^\s*(alter|drop)\s+table\b/i;
const { serialize } = protocol;

const { dataDir, snapshot, timezone, sharedBuffers } = workerData;
let pglite;
const statements = new Map(); // SQL text → { name, paramTypes }, least recently used first
let statementSeq = 0;

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

const exchange = (message, syncToFs) => pglite.runExclusive(() => pglite.execProtocol(message, { syncToFs }));

async function forget(text) {
  const known = statements.get(text);
  if (!known) return;
  statements.delete(text);
  await exchange(concat([serialize.close({ type: 'S', name: known.name }), serialize.sync()]), false);
}

/**
 * A statement with parameters runs as a named prepared statement, kept per SQL text: parsed and
 * described once, and PostgreSQL may keep its plan (after five custom plans it weighs a generic
 * one, as for any driver's prepared statements). Each run is one round trip into the database.
 */
async function statement(text) {
  const known = statements.get(text);
  if (known) {
    statements.delete(text);
    statements.set(text, known);
    return known;
  }
  const name = `kysely_${++statementSeq}`;
  const { messages } = await exchange(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), false);
  const prepared = { name, paramTypes: pgParse.parseDescribeStatementResults(messages) };
  statements.set(text, prepared);
  if (statements.size > STATEMENT_CACHE_SIZE) await forget(statements.keys().next().value);
  return prepared;
}

async function runPrepared(text, parameters, inTransaction) {
  const st = await statement(text);
  // parameters serialised as PGlite's own query() does, by the types PostgreSQL inferred
  const values = parameters.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = pglite.serializers[st.paramTypes[i]];
    return serializer ? serializer(value) : String(value);
  });
  const { messages } = await exchange(
    concat([serialize.bind({ statement: st.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
    !inTransaction,
  );
  return pgParse.parseResults(messages, pglite.parsers)[0];
}

async function query(text, parameters, inTransaction) {
  // the extended protocol takes one statement; a parameterless script (migrations) goes through exec
  if (parameters.length === 0) {
    const result = (await pglite.exec(text)).at(-1) ?? { rows: [], fields: [] };
    // a table changed shape (数据源 sync): every prepared statement is prepared again at its next use,
    // also inside the changing transaction, where a stale one would abort it
    if (SCHEMA_CHANGE.test(text) && statements.size) {
      statements.clear();
      await pglite.exec('deallocate all');
    }
    return result;
  }
  try {
    return await runPrepared(text, parameters, inTransaction);
  } catch (error) {
    // a table changed shape under a `select *` statement: prepare it again (at once, unless a
    // transaction is now aborted by the error; then at its next use)
    if (error?.code !== PLAN_RESULT_CHANGED) throw error;
    if (inTransaction) { statements.delete(text); throw error; }
    await forget(text);
    return runPrepared(text, parameters, inTransaction);
  }
}

/** A database error as plain data: its message and every field PostgreSQL gave (code, detail, constraint…). */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const out = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (key === 'query' || key === 'params' || key === 'queryOptions') continue;
    out[key] = typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
  }
  return out;
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const result = await query(message.sql, message.parameters, message.inTransaction);
      const answer = { rows: result.rows, command: result.command ?? '', affected: result.affectedRows ?? result.rowCount ?? 0 };
      if (message.fields) answer.fields = (result.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      return answer;
    }
    case 'dump': {
      const blob = await pglite.dumpDataDir('gzip');
      return { bytes: await blob.arrayBuffer() };
    }
    case 'close':
      if (!pglite.closed) await pglite.close();
      return {};
    default:
      throw new Error(`unknown database thread operation ${message.op}`);
  }
}

try {
  pglite = await PGlite.create({
    dataDir,
    loadDataDir: snapshot ? new Blob([snapshot]) : undefined,
    // trigram indexes for like searches (created by the resource engine, see resources/ddl.ts)
    extensions: { pg_trgm },
    parsers: { [INT8]: (value) => Number(value), [NUMERIC]: (value) => value },
    // PGlite's own start parameters, with a buffer pool of the size asked for (checked by the caller)
    ...(sharedBuffers ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] } : {}),
  });
  await pglite.exec(`set timezone to '${timezone}'`); // checked by the caller
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: errorData(error) });
}

// one message at a time, in arrival order: the connection's statements never interleave
let chain = Promise.resolve();
parentPort.on('message', (message) => {
  chain = chain.then(async () => {
    try {
      const answer = await handle(message);
      const transfer = answer.bytes ? [answer.bytes] : [];
      parentPort.postMessage({ id: message.id, ok: true, answer }, transfer);
    } catch (error) {
      parentPort.postMessage({ id: message.id, ok: false, error: errorData(error) });
    }
  });
});
