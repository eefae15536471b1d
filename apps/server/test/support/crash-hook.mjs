// Loaded with `--import` (NODE_OPTIONS) by the supervision tests. In the supervised server (the
// process with an IPC channel) SIGUSR2 throws an exception nothing catches, so the process exits
// with code 1 the way a message that overflowed the stack in a broker hook once made it exit.
if (process.send) {
  console.error(`[crash-hook] server pid ${process.pid}`);
  process.on('SIGUSR2', () => {
    throw new Error('crash-hook: an uncaught exception');
  });
}
