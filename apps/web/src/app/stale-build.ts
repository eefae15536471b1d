import type { BrokerStore } from '../lib/broker/broker-store.ts';

/**
 * A page left open across a deployment asks for files of the build it was loaded from, which are
 * gone: a lazy page's chunk, or the broker worker when the connection starts again. Either reloads
 * the page once, to the new build; the mark is cleared when that file loads again, so a failure
 * that a reload does not cure (a network down, a browser without module workers) reloads only once.
 */
type StaleFile = 'chunk' | 'brokerWorker';

const key = (file: StaleFile) => `railserve.reloadFor.${file}`;

/** Reloads the page unless it already did for this file since the file last loaded. */
export function reloadForStaleFile(file: StaleFile, reload: () => void = () => window.location.reload()): void {
  if (sessionStorage.getItem(key(file))) return;
  sessionStorage.setItem(key(file), '1');
  reload();
}

export const staleFileLoaded = (file: StaleFile) => sessionStorage.removeItem(key(file));

/** The broker worker could not start: reload once; connected again: forget that. */
export function reloadWhenBrokerWorkerIsStale(broker: BrokerStore, reload?: () => void): () => void {
  return broker.subscribe(() => {
    const { isConnected, connectionError } = broker.getSnapshot();
    if (isConnected) staleFileLoaded('brokerWorker');
    else if (connectionError === 'start') reloadForStaleFile('brokerWorker', reload);
  });
}
