/**
 * mqtt.js runs its keepalive timer in a blob Web Worker (immune to background-tab throttling).
 * A Content-Security-Policy without `worker-src blob:` blocks that worker silently: no PINGREQ
 * is ever sent and the broker drops the connection every 1.5 × keepalive. Chrome reports the
 * block only asynchronously, so probe once with a tiny worker and fall back to native timers,
 * which the 60 s keepalive tolerates (DESIGN section 7).
 */
export type TimerVariant = 'auto' | 'native';

let probe: Promise<TimerVariant> | null = null;

export function brokerTimerVariant(timeoutMs = 1500): Promise<TimerVariant> {
  probe ??= new Promise<TimerVariant>((resolve) => {
    if (typeof Worker === 'undefined' || typeof Blob === 'undefined' || typeof URL.createObjectURL !== 'function') {
      resolve('native');
      return;
    }
    let url = '';
    let worker: Worker | null = null;
    const finish = (variant: TimerVariant) => {
      clearTimeout(timer);
      worker?.terminate();
      if (url) URL.revokeObjectURL(url);
      resolve(variant);
    };
    const timer = setTimeout(() => finish('native'), timeoutMs);
    try {
      url = URL.createObjectURL(new Blob(['self.postMessage(1)'], { type: 'text/javascript' }));
      worker = new Worker(url);
      worker.onmessage = () => finish('auto');
      worker.onerror = () => finish('native');
    } catch {
      finish('native');
    }
  });
  return probe;
}
