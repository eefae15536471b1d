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
  },
});
