import type { FastifyInstance } from 'fastify';

/**
 * Clears a retained message the server cannot use (an invalid or oversized status), so the broker
 * stops handing it to every console that connects. The empty payload that results is ignored by ingest.
 */
export function clearRetained(app: FastifyInstance, topic: string) {
  app.mqtt
    .publish(topic, '', { retain: true })
    .catch((error) => app.log.warn({ err: error, topic }, 'could not clear a retained message'));
}
