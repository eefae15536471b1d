// `npm start`: build the web app if its sources changed, then run the server in this process
// (so SIGINT/SIGTERM reach its graceful shutdown directly). `--demo` adds a simulated fleet.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
register();
if (process.argv.includes('--demo')) {
  await import('./demo.ts');
} else {
  await import('../apps/server/src/server.ts');
}
