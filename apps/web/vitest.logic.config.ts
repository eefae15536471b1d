import { defineConfig } from 'vitest/config';

/**
 * The web app's pure logic (`model/`, `lib/`, the repository's structure rules): plain Node, no
 * jsdom, which cost each file about half a second to set up (README, "Testing"). A test that
 * needs a document is named `*.dom.test.ts` and runs in `vitest.config.ts`.
 */
export default defineConfig({
  test: {
    name: 'web-logic',
    environment: 'node',
    setupFiles: ['./src/testing/locales.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['src/**/*.dom.test.ts'],
  },
});
