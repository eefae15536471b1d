// Runs the server from its TypeScript source (no web build step): used by the tests. With
// `--supervised` it runs under the same supervisor as `npm start`, so `POST /system/restart`
// brings it back (the browser tests); without, in this process, so a test's SIGKILL hits the server.
import { register } from 'tsx/esm/api';
import { supervise } from './supervise.mjs';

if (process.argv.includes('--supervised')) {
  supervise(new URL('../apps/server/src/server.ts', import.meta.url).pathname);
} else {
  register();
  await import('../apps/server/src/server.ts');
}
