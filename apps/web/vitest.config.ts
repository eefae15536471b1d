import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The web app's tests that need a browser's document: the screens (`*.test.tsx`) and the few
 * logic files that read storage, the location or render a hook (`*.dom.test.ts`). The rest of
 * the logic runs without jsdom, in `vitest.logic.config.ts`.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
    css: false,
    // The files share one module graph: antd and the app are imported once per worker, not once
    // per file (about 1.3 s each). src/testing/setup.ts resets what modules keep between tests.
    isolate: false,
    // Whole-app render tests (antd, lazy pages) take seconds on a busy machine, and a test may wait
    // for several screens (src/testing/setup.ts gives each wait 25 s).
    testTimeout: 90_000,
  },
});
