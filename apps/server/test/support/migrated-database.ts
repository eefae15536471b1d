import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';

/**
 * A database with every migration applied, made once and copied for each test app: a fresh
 * PGlite spends most of its start in initdb, and a fresh PostgreSQL database in the migrations.
 * Named by the migrations and the PGlite version, so a changed migration makes a new one.
 */
async function migrationsKey(): Promise<string> {
  const folder = new URL('../../src/db/migrations/', import.meta.url).pathname;
  const hash = createHash('sha256');
  // The package's own manifest sits above its dist folder (its exports do not list it).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(path.join(path.dirname(entry), '..', 'package.json')));
  for (const file of (await readdir(folder, { recursive: true })).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(await readFile(path.join(folder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** A saved embedded database (a file for `openDatabase({ startFrom })`), kept in the temp folder across runs. */
export async function migratedPgliteFile(): Promise<string> {
  const file = path.join(os.tmpdir(), `railserve-pglite-${await migrationsKey()}.tar.gz`);
  if (existsSync(file)) return file;
  const database = await openDatabase({});
  try {
    const bytes = await database.embedded?.save();
    if (!bytes) throw new Error('the embedded database could not be saved');
    // Written aside and renamed, so a run that stops half-way never leaves half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, bytes);
    await rename(partial, file);
  } finally {
    await database.close();
  }
  return file;
}

/** A template database on the PostgreSQL server at `baseUrl`, for `CREATE DATABASE … TEMPLATE`. */
export async function migratedPostgresTemplate(baseUrl: string): Promise<string> {
  const name = `railserve_template_${await migrationsKey()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    // Built under a name of its own and renamed once complete: a half-built template is never used.
    const building = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(baseUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.close();
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      // Another run made it meanwhile: theirs serves as well as ours.
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}
