import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // The PostgreSQL pass leaves out the tests of the embedded database itself (`*.pglite.test.ts`)
    // and those that open no database of the run's kind (`*.once.test.ts`): the PGlite pass has run them.
    exclude: process.env.TEST_DATABASE_URL ? ['test/**/*.pglite.test.ts', 'test/**/*.once.test.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One process runs the files one after another and imports the app once, not once per file
    // (each file still builds its own apps on its own databases).
    isolate: false,
    globalSetup: ['test/support/global-setup.ts'],
  },
});
