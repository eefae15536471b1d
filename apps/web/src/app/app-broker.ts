import { BrokerStore } from '../lib/broker/broker-store.ts';
import { connectInWorker } from '../lib/broker/broker-worker-client.ts';
import { robotFeedUnpacker } from '../lib/broker/robot-feed.ts';
import { feedback } from '../lib/feedback.ts';
import { i18n } from '../lib/i18n.ts';
import { reloadWhenBrokerWorkerIsStale } from './stale-build.ts';

let broker: BrokerStore | undefined;

/**
 * The console's one broker client, made when the first signed-in screen renders: it lives in the
 * signed-in shell's chunk, so the login route carries none of it (docs/benchmarks.md, "Weight of
 * the login route"). Signing out stops its connection (BrokerSession); the store stays for the next.
 */
export function appBroker(): BrokerStore {
  if (!broker) {
    broker = new BrokerStore({
      connect: connectInWorker,
      unpackers: [robotFeedUnpacker],
      warn: (key) => feedback.warning(i18n.t(key)),
      reload: () => window.location.reload(),
    });
    reloadWhenBrokerWorkerIsStale(broker);
  }
  return broker;
}
