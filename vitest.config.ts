import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/protocol', 'apps/server', 'apps/web', 'tools/robot-sim'],
  },
});
