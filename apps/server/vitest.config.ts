import { defineConfig } from 'vitest/config';

/** The pass that runs the `*.once.test.ts` files: `RS_ONCE_FILES_IN` (set by `npm test`), else PGlite. */
const onceFilesIn = () => (process.env.RS_ONCE_FILES_IN === 'postgres' ? 'postgres' : 'pglite');

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // The PostgreSQL pass leaves out the tests of the embedded database itself (`*.pglite.test.ts`).
    // Files that open no database of the run's kind (`*.once.test.ts`) run in one pass: the PGlite
    // one, or under `npm test`, which runs both passes side by side, the shorter PostgreSQL one.
    exclude: [
      ...(process.env.TEST_DATABASE_URL ? ['test/**/*.pglite.test.ts'] : []),
      ...(onceFilesIn() === (process.env.TEST_DATABASE_URL ? 'pglite' : 'postgres') ? ['test/**/*.once.test.ts'] : []),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One process runs the files one after another and imports the app once, not once per file
    // (each file still builds its own apps on its own databases).
    isolate: false,
    globalSetup: ['test/support/global-setup.ts'],
  },
});
