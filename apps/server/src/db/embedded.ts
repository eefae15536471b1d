import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export type EmbeddedDatabase = {
  /** Folder of the unix socket, as node-postgres wants it in `host`. */
  socketDir: string;
  /** The whole data directory as a tar file, to start another database from (`startFrom`). */
  save(): Promise<Uint8Array>;
  close(): Promise<void>;
};

/** The global WebAssembly, which the server's type library (no DOM) names as types only. */
const { compile } = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } }).WebAssembly;
let compiled: Promise<object> | undefined;
/**
 * PGlite's WebAssembly, compiled once per process and handed to each database's worker: a process
 * that opens many databases (the server tests open one per test app) compiles it once, not each time.
 */
function pgliteModule(): Promise<object> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  compiled ??= readFile(path.join(dist, 'pglite.wasm')).then((bytes) => compile(bytes));
  return compiled;
}

/**
 * Starts PGlite in a worker thread behind its PostgreSQL socket server, so the rest of the
 * server reaches it with the ordinary PostgreSQL driver. `dataDir` undefined means in memory;
 * `startFrom` names a file `save()` wrote, whose contents a new database starts with.
 */
export async function startEmbeddedDatabase(dataDir: string | undefined, startFrom?: string): Promise<EmbeddedDatabase> {
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'rs-pg-'));
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');
  const wasmModule = await pgliteModule();
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, socketPath, startFrom, wasmModule },
  });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { type: string; message?: string }) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'error') reject(new Error(`Embedded database failed to start: ${message.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Embedded database stopped with code ${code}`)));
  });
  let closed = false;
  return {
    socketDir,
    save: () =>
      new Promise((resolve, reject) => {
        const onMessage = (message: { type: string; bytes?: Uint8Array; message?: string }) => {
          if (message.type !== 'saved' && message.type !== 'error') return;
          worker.off('message', onMessage);
          if (message.bytes) resolve(message.bytes);
          else reject(new Error(`Embedded database could not be saved: ${message.message}`));
        };
        worker.on('message', onMessage);
        worker.postMessage({ type: 'save' });
      }),
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => resolve(), 10_000);
        worker.on('message', (message: { type: string }) => {
          if (message.type === 'closed' || message.type === 'error') {
            clearTimeout(timer);
            resolve();
          }
        });
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
