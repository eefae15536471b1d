// Runs the server in a child process and starts it again when it asks to (POST /system/restart
// exits with RESTART_EXIT_CODE after a graceful stop) or when it crashes. The rule (docs/deploy.md):
// once the server has told this supervisor it is serving, every crash is restarted, with back-off,
// however often; before that, only a configuration error (CONFIG_EXIT_CODE: a bad setting, a port
// in use) that repeats stops the supervision. SIGINT and SIGTERM, or this process's parent going
// away, stop the child gracefully; then this process exits with it.
import { spawn } from 'node:child_process';

/** packages/protocol RESTART_EXIT_CODE (a plain script cannot import the TypeScript package). */
export const RESTART_EXIT_CODE = 75;
/** packages/protocol CONFIG_EXIT_CODE: the server could not start with its configuration. */
export const CONFIG_EXIT_CODE = 78;
/** packages/protocol SUPERVISOR_SERVING: the IPC message the server sends once HTTP and the broker listen. */
export const SUPERVISOR_SERVING = 'railserve:serving';
/** packages/protocol SUPERVISOR_ENV: how the server learns how often it was started again (/api/health). */
export const SUPERVISOR_ENV = 'RAILSERVE_SUPERVISOR';
const CRASH_BACKOFF_MS = [1000, 2000, 5000, 10_000];
/** A run this long resets the crash back-off: the server was healthy. */
const HEALTHY_RUN_MS = 60_000;
/** How often the supervisor checks that its parent (npm, a shell) is still there. */
const PARENT_CHECK_MS = 500;

const log = (line) => console.error(`[supervisor] ${line}`);

/**
 * `options.stopWithParent`: stop when this process's parent goes away (under `npm start`, where
 * the console lives as long as the npm process; not for a supervisor started in the background).
 */
export function supervise(entry, args = [], options = {}) {
  let child;
  let timer;
  let stopping = false;
  /** The server said it was serving at least once since this supervisor started. */
  let served = false;
  let configFailures = 0;
  let backoffStep = 0;
  const restarts = { total: 0, crashes: 0 };

  const run = () => {
    timer = undefined;
    if (stopping) return;
    const started = Date.now();
    // The IPC channel carries the server's "serving" message and lets the server notice when
    // this supervisor is gone (even killed) and stop with it.
    child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, [SUPERVISOR_ENV]: JSON.stringify(restarts) },
    });
    child.on('message', (message) => {
      if (message?.type !== SUPERVISOR_SERVING) return;
      served = true;
      configFailures = 0;
    });
    // 'close', not 'exit': it comes after every IPC message the child sent, its last "serving" included.
    child.on('close', (code, signal) => {
      if (stopping) process.exit(code ?? 0);
      if (code === 0) process.exit(0);
      if (code === RESTART_EXIT_CODE) {
        backoffStep = 0;
        restarts.total++;
        log(`restart ${restarts.total} since boot: the server asked to restart; starting it again`);
        return run();
      }
      const reason = signal ?? `exit code ${code}`;
      if (code !== CONFIG_EXIT_CODE) configFailures = 0;
      if (code === CONFIG_EXIT_CODE && !served && ++configFailures >= 2) {
        log(
          `the server stopped twice before it ever served, both times on its configuration (the line above): not starting it again; fix it and start again (exit code ${CONFIG_EXIT_CODE})`,
        );
        process.exit(CONFIG_EXIT_CODE);
      }
      if (Date.now() - started > HEALTHY_RUN_MS) backoffStep = 0;
      const delay = CRASH_BACKOFF_MS[Math.min(backoffStep++, CRASH_BACKOFF_MS.length - 1)];
      restarts.total++;
      restarts.crashes++;
      log(
        `restart ${restarts.total} since boot (${restarts.crashes} after a crash): the server stopped (${reason}); starting it again in ${delay} ms`,
      );
      timer = setTimeout(run, delay);
    });
  };

  const stop = (signal, why) => {
    if (stopping) return;
    stopping = true;
    if (why) log(`${why}: stopping the server`);
    clearTimeout(timer);
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    else process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
  // `npm start` runs this script through `sh -c`: a SIGTERM to npm reaches the shell, which dies
  // without passing it on (package.json's `exec` avoids the shell). Should the parent go anyway
  // (npm killed, or a shell that does not exec), this process is adopted: stop as if signalled.
  if (options.stopWithParent) {
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) stop('SIGTERM', `its parent process ${parent} is gone`);
    }, PARENT_CHECK_MS).unref();
  }
  run();
}
