import { SYSTEM_STATUS_EVERY_MS, type SystemStatusPayload, topics } from '@railserve/protocol';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../../version.ts';

/** The robots the database knows, and how many are online (every instance counts the same). */
async function robotCounts(app: FastifyInstance) {
  const result = await app.db.execute<{ online: number; total: number }>(
    sql`SELECT count(*) FILTER (WHERE connection = 'online')::int AS online, count(*)::int AS total FROM robots`,
  );
  return result.rows[0] ?? { online: 0, total: 0 };
}

export async function systemStatus(app: FastifyInstance, startedAt: Date): Promise<SystemStatusPayload> {
  const counts = await robotCounts(app);
  return {
    timestamp: new Date().toISOString(),
    source: 'backend',
    type: 'status',
    data: {
      version: APP_VERSION,
      robotsOnline: Number(counts.online),
      robotsTotal: Number(counts.total),
      broker: app.config.mqttUrl ? 'external' : 'embedded',
      startedAt: startedAt.toISOString(),
    },
  };
}

/**
 * Publishes the server's status retained on `hcpro4/system/status` (docs/protocol.md) at start
 * and every SYSTEM_STATUS_EVERY_MS, so a console that connects sees it at once.
 */
export function startSystemStatus(app: FastifyInstance) {
  const startedAt = new Date();
  const publish = async () => {
    if (!app.mqtt.connected) return;
    try {
      await app.mqtt.publish(topics.systemStatus, await systemStatus(app, startedAt), { qos: 1, retain: true });
    } catch (error) {
      app.log.warn({ err: error }, 'publishing the system status failed');
    }
  };
  const timer = setInterval(() => void publish(), SYSTEM_STATUS_EVERY_MS);
  void publish();
  app.addHook('onClose', async () => clearInterval(timer));
}
