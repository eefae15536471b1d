import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Broker round trips and reconnects take real time.
  test: { name: 'robot-sim', include: ['test/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 20_000 },
});
