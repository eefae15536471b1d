import { readdirSync, readFileSync } from 'node:fs';
import { cpuSeconds } from '../fleet/proc-stats.ts';

/** CPU seconds of every Chromium process on the machine (the benchmark's own: run it with no other browser open). */
export const chromiumCpu = () =>
  readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .reduce((sum, pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'chromium' ? sum + cpuSeconds(Number(pid)) : sum;
      } catch {
        return sum;
      }
    }, 0);
