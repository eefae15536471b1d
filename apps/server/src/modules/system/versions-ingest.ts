import { deviceVersionPayload, parseJson, parseSiteDeviceUsername, topicFilters } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { saveDeviceVersion } from './versions-repository.ts';

/**
 * `hcpro4/versions/{site|tablet}-{sessionCode}`: the on-site server and the ordering tablet say
 * which version they run (retained, so a restarted server hears it again). A payload naming
 * another device than its topic is dropped.
 */
export function startVersionIngest(app: FastifyInstance) {
  app.mqtt.handle(topicFilters.deviceVersion, async (topic, payload) => {
    const device = parseSiteDeviceUsername(topic.split('/')[2] ?? '');
    const parsed = deviceVersionPayload.safeParse(parseJson(payload));
    if (!device || !parsed.success || parsed.data.kind !== device.kind || parsed.data.sessionCode !== device.sessionCode) {
      if (payload.length > 0) app.log.warn({ topic }, 'dropped an invalid version report');
      return;
    }
    await saveDeviceVersion(app.db, {
      username: topic.split('/')[2],
      kind: device.kind,
      sessionCode: device.sessionCode,
      version: parsed.data.version,
      reportedAt: new Date(parsed.data.ts),
    });
  });
}
