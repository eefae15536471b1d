// The embedded database on its own thread: a PGlite query runs on the thread that calls it,
// so the broker and the HTTP server stay responsive while it works. Plain JS: workers do not
// inherit the TypeScript loader.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketPath, startFrom, wasmModule } = workerData;
let db;
let server;

async function start() {
  // Starting from a saved data directory skips initdb, most of a fresh start's time.
  const loadDataDir = startFrom ? new Blob([await readFile(startFrom)]) : undefined;
  db = await PGlite.create({ dataDir: dataDir ?? undefined, loadDataDir, pgliteWasmModule: wasmModule, extensions: { pg_trgm } });
  // Queries are serialized by the socket server's queue whatever the count; room for more than the
  // pool's one connection lets a reconnect in while the dropped socket is still being torn down
  // (with 1, that reconnect was refused and unrelated queries failed with EPIPE/ECONNRESET).
  server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 8 });
  await server.start();
  parentPort.postMessage({ type: 'ready' });
}

async function stop() {
  try {
    await server?.stop();
  } finally {
    await db?.close();
  }
  parentPort.postMessage({ type: 'closed' });
}

async function save() {
  const dump = await db.dumpDataDir('gzip');
  parentPort.postMessage({ type: 'saved', bytes: new Uint8Array(await dump.arrayBuffer()) });
}

parentPort.on('message', (message) => {
  if (message?.type === 'save') save().catch((error) => parentPort.postMessage({ type: 'error', message: String(error) }));
  if (message?.type === 'close') stop().catch((error) => parentPort.postMessage({ type: 'error', message: String(error) }));
});

start().catch((error) => parentPort.postMessage({ type: 'error', message: String(error?.stack ?? error) }));
