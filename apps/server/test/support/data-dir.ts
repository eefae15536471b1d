import { rmSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';

let made: Promise<string> | undefined;

/** One embedded database on disk per test file, made from the run's migrated one. */
function madeDatabase(): Promise<string> {
  made ??= (async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'rs-made-'));
    process.once('exit', () => rmSync(parent, { recursive: true, force: true }));
    const folder = path.join(parent, 'db');
    const database = await openDatabase({ dataDir: folder, startFrom: inject('databaseStart').pgliteFile });
    await database.close();
    return folder;
  })();
  return made;
}

/**
 * A new DATA_DIR for a server process whose embedded database already exists, migrated and empty:
 * the process starts as on a new installation, without the seconds initdb takes.
 */
export async function preparedDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await cp(await madeDatabase(), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}
