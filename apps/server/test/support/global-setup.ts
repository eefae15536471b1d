import type { TestProject } from 'vitest/node';
import { migratedPgliteFile, migratedPostgresTemplate } from './migrated-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test app's database starts: a saved PGlite file or a PostgreSQL template. */
    databaseStart: { pgliteFile?: string; postgresTemplate?: string };
  }
}

/** Runs once before the server test files: the migrated database they all copy. */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  // The PGlite file serves the PostgreSQL pass too: its server processes keep an embedded database.
  project.provide('databaseStart', {
    pgliteFile: await migratedPgliteFile(),
    postgresTemplate: url ? await migratedPostgresTemplate(url) : undefined,
  });
}
