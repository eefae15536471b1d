import { BROKER, consoleSubscriptions } from '@railserve/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useCurrentUser } from '../lib/auth.ts';
import { fetchBrokerAccount } from '../lib/broker/broker-account.ts';
import { useBroker } from '../lib/broker/broker-context.tsx';
import { useClientConfig } from '../lib/client-config.ts';
import { LIVE_UPDATES } from './live-updates.ts';

const CREDENTIALS_RETRY_MS = 5000;

/**
 * Opens the broker connection when the main layout loads (spec section 4): the page's own host,
 * the WebSocket port and path from GET /system/client-config, and the credentials POST
 * /me/broker-account answers for this session (user `web` and the token on the embedded broker, a
 * short-lived account on Mosquitto), asked again for a new token and after the broker refuses them;
 * subscribes to the console's read topics and starts the live updates.
 */
export function BrokerSession({ children }: { children: ReactNode }) {
  const broker = useBroker();
  const queryClient = useQueryClient();
  const { token, user } = useCurrentUser();
  const permission = user?.permission;
  const config = useClientConfig();

  useEffect(() => {
    // Only what the level may read (the broker refuses the rest): level 3 gets no device logs.
    // Robot statuses come from the server's feed, a few messages a second for the whole fleet.
    const readable = permission === undefined ? [] : consoleSubscriptions(permission);
    for (const topic of readable) broker.subscribeTopic(topic);
    const removals = LIVE_UPDATES.map((register) => register({ broker, queryClient }));
    return () => {
      for (const remove of removals) remove();
      for (const topic of readable) broker.unsubscribeTopic(topic);
    };
  }, [broker, queryClient, permission]);

  // Without the config (an older server, a failed call) the spec's defaults still get a connection.
  const fallback = config.isError ? { wsPort: BROKER.wsPort, wsPath: '' } : null;
  const { wsPort, wsPath } = config.data?.mqtt ?? fallback ?? {};
  // The broker refused the last credentials (an account that expired or was removed): ask again.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => broker.onCredentialsRefused(() => setRefusals((n) => n + 1)), [broker]);
  useEffect(() => {
    if (!token || wsPort === undefined) return;
    let active = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () =>
      fetchBrokerAccount().then(
        (account) => {
          if (!active) return;
          broker.connect({
            host: window.location.hostname,
            port: wsPort,
            path: wsPath,
            protocol: window.location.protocol === 'https:' ? 'wss' : 'ws',
            username: account.username,
            password: account.password,
            clientId: account.clientId,
          });
        },
        (error) => {
          // A 401 signs the user out (api-client); anything else is tried again a little later.
          if (!active) return;
          console.warn('Broker credentials unavailable, trying again', error);
          retry = setTimeout(open, CREDENTIALS_RETRY_MS);
        },
      );
    // After a refusal, a reconnect period's pause keeps a broker that refuses every account from being hammered.
    if (refusals === 0) void open();
    else retry = setTimeout(open, BROKER.reconnectPeriodMs);
    return () => {
      active = false;
      clearTimeout(retry);
      broker.disconnect();
    };
  }, [broker, token, wsPort, wsPath, refusals]);

  return children;
}
