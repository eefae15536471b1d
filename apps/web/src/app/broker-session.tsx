import { BROKER, CONSOLE_READ_TOPICS } from '@railserve/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useCurrentUser } from '../lib/auth.ts';
import { useBroker } from '../lib/broker-context.tsx';
import { useClientConfig } from '../lib/client-config.ts';
import { brokerTimerVariant } from '../lib/worker-timers.ts';
import { LIVE_UPDATES } from './live-updates.ts';

/**
 * Opens the broker connection when the main layout loads (spec section 4): the page's own host,
 * the WebSocket port and path from GET /system/client-config, user `web` and the session token as
 * password; subscribes to the console's read topics and starts the live updates.
 */
export function BrokerSession({ children }: { children: ReactNode }) {
  const broker = useBroker();
  const queryClient = useQueryClient();
  const { token } = useCurrentUser();
  const config = useClientConfig();

  useEffect(() => {
    for (const topic of CONSOLE_READ_TOPICS) broker.subscribeTopic(topic);
    const removals = LIVE_UPDATES.map((register) => register({ broker, queryClient }));
    return () => {
      for (const remove of removals) remove();
    };
  }, [broker, queryClient]);

  // Without the config (an older server, a failed call) the spec's defaults still get a connection.
  const fallback = config.isError ? { wsPort: BROKER.wsPort, wsPath: '', username: 'web' } : null;
  const { wsPort, wsPath, username } = config.data?.mqtt ?? fallback ?? {};
  useEffect(() => {
    if (!token || wsPort === undefined || username === undefined) return;
    let active = true;
    void brokerTimerVariant().then((timerVariant) => {
      if (!active) return;
      broker.connect({
        host: window.location.hostname,
        port: wsPort,
        path: wsPath,
        protocol: window.location.protocol === 'https:' ? 'wss' : 'ws',
        username,
        password: token,
        timerVariant,
      });
    });
    return () => {
      active = false;
      broker.disconnect();
    };
  }, [broker, token, wsPort, wsPath, username]);

  return children;
}
