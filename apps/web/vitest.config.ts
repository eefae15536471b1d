import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
    // Whole-app render tests (antd, lazy pages) take seconds on a busy machine, and a test may wait
    // for several screens (src/testing/setup.ts gives each wait 25 s).
    testTimeout: 90_000,
  },
});
