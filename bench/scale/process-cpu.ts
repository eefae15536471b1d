import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { cpuSeconds } from '../fleet/proc-stats.ts';

/**
 * CPU seconds of each process on the machine with this name (`/proc/<pid>/comm`), by PID:
 * `chromium` (the benchmark's own browser: run it with no other open) or `postgres` (the server
 * and every connection's backend).
 */
export function processesCpu(name: string): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of processesNamed(name)) seconds.set(pid, cpuSeconds(pid));
  return seconds;
}

export function processesNamed(name: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name) pids.push(Number(pid));
    } catch {
      // Ended while being read.
    }
  }
  return pids;
}

/**
 * Gives every thread of every process with this name the niceness (Linux's is per thread, and a
 * thread started later takes its starter's): answers how many threads it set.
 */
export function reniceProcesses(name: string, niceness: number): number {
  let threads = 0;
  for (const pid of processesNamed(name)) {
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        os.setPriority(Number(tid), niceness);
        threads++;
      }
    } catch {
      // Ended while being set.
    }
  }
  return threads;
}

/** What the processes of a later reading spent since an earlier one: one started since counts from zero; one that ended meanwhile is left out. */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, seconds] of after) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}

/**
 * Lets every thread of these processes run only on these CPUs (`taskset`'s list, e.g. `0` or
 * `0-1`); threads and processes they start later inherit it. Answers how many processes it set.
 */
export function pinProcesses(pids: number[], cpus: string): number {
  let pinned = 0;
  for (const pid of pids) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
      pinned++;
    } catch {
      // Ended while being set.
    }
  }
  return pinned;
}
