// Runs the server in a child process and starts it again when it asks to (POST /system/restart
// exits with RESTART_EXIT_CODE after a graceful stop) or when it crashes. SIGINT and SIGTERM are
// passed on and end the supervision: the child stops gracefully, then this process exits with it.
import { spawn } from 'node:child_process';

/** packages/protocol RESTART_EXIT_CODE (a plain script cannot import the TypeScript package). */
export const RESTART_EXIT_CODE = 75;
const CRASH_BACKOFF_MS = [1000, 2000, 5000, 10_000];
/** A run this long resets the crash back-off: the server was healthy. */
const HEALTHY_RUN_MS = 60_000;

export function supervise(entry, args = []) {
  let child;
  let stopping = false;
  let crashes = 0;

  const run = () => {
    const started = Date.now();
    // The IPC channel lets the server notice when this supervisor is gone and stop with it.
    child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: process.env,
    });
    child.on('exit', (code, signal) => {
      if (stopping) process.exit(code ?? 0);
      if (code === RESTART_EXIT_CODE) {
        crashes = 0;
        console.log('[supervisor] the server asked to restart; starting it again');
        return run();
      }
      if (code === 0) process.exit(0);
      // A start failure with a clear message (bad configuration, port taken) exits 1 within
      // seconds: starting again would only repeat it.
      if (code === 1 && Date.now() - started < 5000) process.exit(1);
      if (Date.now() - started > HEALTHY_RUN_MS) crashes = 0;
      const delay = CRASH_BACKOFF_MS[Math.min(crashes++, CRASH_BACKOFF_MS.length - 1)];
      console.error(`[supervisor] the server stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay} ms`);
      setTimeout(run, delay);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      if (child && child.exitCode === null) child.kill(signal);
      else process.exit(0);
    });
  }
  run();
}
