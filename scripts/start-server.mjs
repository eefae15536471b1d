// Runs the server from its TypeScript source (no web build step): used by the browser tests.
import { register } from 'tsx/esm/api';

register();
await import('../apps/server/src/server.ts');
