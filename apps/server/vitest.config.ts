import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // Tests of the embedded database itself have no PostgreSQL counterpart.
    exclude: process.env.TEST_DATABASE_URL ? ['test/**/*.pglite.test.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One process runs the files one after another and imports the app once, not once per file
    // (each file still builds its own apps on its own databases).
    isolate: false,
    globalSetup: ['test/support/global-setup.ts'],
  },
});
