// `npm start`: build the web app if its sources changed, then run the server under a small
// supervisor (scripts/supervise.mjs) that starts it again after `POST /system/restart` or a
// crash, and passes SIGINT/SIGTERM on to its graceful shutdown. `--demo` adds a simulated fleet;
// `--skip-web-build` serves whatever build there is (the tests that run `npm start` itself).
import { supervise } from './supervise.mjs';
import { ensureWebBuild } from './web-build.mjs';

if (!process.argv.includes('--skip-web-build')) ensureWebBuild();
const entry = process.argv.includes('--demo') ? 'scripts/demo.ts' : 'apps/server/src/server.ts';
// npm names the script it runs in npm_lifecycle_event: run as `npm start` or `npm run demo`, the
// console stops with npm even when a signal cannot reach this process (docs/deploy.md).
const underNpm = ['start', 'demo'].includes(process.env.npm_lifecycle_event ?? '');
supervise(new URL(`../${entry}`, import.meta.url).pathname, [], { stopWithParent: underNpm });
