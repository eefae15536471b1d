import { createContext, type ReactNode, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { type BrokerState, type BrokerStatus, type BrokerStore, brokerStatus, type MessageHandler } from './broker-store.ts';

const BrokerContext = createContext<BrokerStore | null>(null);

export function BrokerProvider({ store, children }: { store: BrokerStore; children: ReactNode }) {
  return <BrokerContext.Provider value={store}>{children}</BrokerContext.Provider>;
}

/** The store of an outer BrokerProvider, if there is one (tests give the app a fake one). */
export const useProvidedBroker = (): BrokerStore | null => useContext(BrokerContext);

export function useBroker(): BrokerStore {
  const store = useContext(BrokerContext);
  if (!store) throw new Error('useBroker needs a BrokerProvider');
  return store;
}

/** Selects part of the broker state; the selector must return a primitive or a stable reference. */
export function useBrokerState<T>(selector: (state: BrokerState) => T): T {
  const store = useBroker();
  return useSyncExternalStore(store.subscribe, () => selector(store.getSnapshot()));
}

export function useBrokerStatus(): BrokerStatus {
  return useBrokerState(brokerStatus);
}

/**
 * Calls `handler` for every message matching `filter` while the component is mounted, e.g.
 * `useBrokerMessage(topicFilters.robotStatus, (m) => queryClient.setQueryData(...))`.
 */
export function useBrokerMessage(filter: string, handler: MessageHandler): void {
  const store = useBroker();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => store.onMessage(filter, (message) => latest.current(message)), [store, filter]);
}
