// --server-core, shared by the benchmarks that start a server child: the server on a core of its own.
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { pinProcesses } from '../scale/process-cpu.ts';

/**
 * The server on CPU 0, everything else (this process, the robots, `otherPids`: an external broker)
 * on the others, so the load generator does not take the server's core.
 */
export function serverCore(server: ChildProcess, others: ChildProcess[], otherPids: number[] = []) {
  if (os.cpus().length < 2) throw new Error('--server-core needs a machine with two CPUs or more');
  const rest = `1-${os.cpus().length - 1}`;
  pinProcesses([server.pid!], '0');
  pinProcesses([process.pid, ...others.map((o) => o.pid!), ...otherPids], rest);
  console.log(`server on CPU 0; the bench and its robots on CPUs ${rest}`);
}
