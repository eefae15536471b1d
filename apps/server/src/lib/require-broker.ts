import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** Refuses (503 `broker_unavailable`) what must publish while the server's broker connection is down. */
export function requireBroker(app: FastifyInstance): void {
  if (!app.mqtt.connected) throw new AppError(503, 'broker_unavailable', 'MQTT not connected, cannot send');
}
