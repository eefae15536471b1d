import type { BrokerAccount } from '@railserve/protocol';
import { api } from '../api-client.ts';

/**
 * POST /me/broker-account: what this console signs in to the broker with. The embedded broker
 * takes user `web` and the session token; Mosquitto with dynamic security a fresh short-lived
 * account per call, held to the client id it names (docs/deploy.md). Never cached: ask per connection.
 */
export const fetchBrokerAccount = () => api.post<BrokerAccount>('/me/broker-account');
