import { appendFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` names the file here, so that an error thrown outside any test (which fails the run
 * without failing a test) is named at the end of the run, where a CI log's tail shows it.
 */
const unhandledErrorsFile = process.env.RS_UNHANDLED_ERRORS_FILE;

export default defineConfig({
  test: {
    projects: ['packages/protocol', 'apps/server', 'apps/web', 'apps/web/vitest.logic.config.ts', 'tools/robot-sim'],
    onUnhandledError(error) {
      if (!unhandledErrorsFile) return;
      const where = (error as { VITEST_TEST_PATH?: string }).VITEST_TEST_PATH ?? 'no test file';
      const test = (error as { VITEST_TEST_NAME?: string }).VITEST_TEST_NAME;
      const line = `${where}${test ? ` › ${test}` : ''}: ${error.name}: ${String(error.message).split('\n')[0]}`;
      appendFileSync(unhandledErrorsFile, `${line}\n`);
    },
  },
});
