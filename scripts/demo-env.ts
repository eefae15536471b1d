// Where `npm run demo` keeps its data: a folder of its own, so demo tracks, robots and records
// never land in a real installation's data, even when the shell has DATA_DIR set for one.
import path from 'node:path';

/** The demo's data folder when DEMO_DATA_DIR does not name one, relative to the project. */
export const DEMO_DATA_FOLDER = 'data-demo';

export class DemoEnvironmentError extends Error {}

/**
 * Points the environment the server reads at the demo's own data folder and answers it. A
 * PostgreSQL server (DATABASE_URL) is refused: the demo would write its tracks into that database.
 */
export function useDemoDataDir(env: NodeJS.ProcessEnv, projectRoot: string): string {
  if (env.DATABASE_URL) {
    throw new DemoEnvironmentError(
      'npm run demo runs on its own embedded database and never writes into a real one: unset DATABASE_URL',
    );
  }
  const dataDir = path.resolve(projectRoot, env.DEMO_DATA_DIR || DEMO_DATA_FOLDER);
  env.DATA_DIR = dataDir;
  return dataDir;
}

/** The lines the demo prints once it runs: where it is, where its data is, and how to stop it. */
export function demoStartedText(port: number, dataDir: string): string {
  return [
    '',
    `Demo running at http://localhost:${port}`,
    `Its data is in ${dataDir} (delete that folder to start the demo afresh).`,
    'Press Ctrl+C to stop the console and its simulated robots.',
    '',
    '',
  ].join('\n');
}
