import { parseJson, parseTopic, type TrackStatusPayload, topicFilters, trackStatusPayload } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { clearRetained } from '../../lib/clear-retained.ts';
import { applyTrackStatus } from './status-repository.ts';

/** Called with every stored status change (after the database has it). */
export type StatusChangeListener = (
  status: TrackStatusPayload,
  previous: { statusCode: number; errorCode: number; mode: string },
) => void;

/**
 * Track status ingest (DESIGN section 4): the controller's retained `hcpro4/tracks/{id}/status`
 * goes into the track's row; a change of status, error or mode is also kept as a status change
 * and handed to `onChange` (the event log). A payload that is not valid, or names another track
 * than its topic, is logged and dropped. Statuses of one track are applied in arrival order.
 */
export function ingestTrackStatus(app: FastifyInstance, onChange: StatusChangeListener) {
  const queues = new Map<number, Promise<void>>();

  const apply = async (status: TrackStatusPayload) => {
    const applied = await applyTrackStatus(app.db, status);
    if (applied?.changed) onChange(status, applied.previous);
  };

  app.mqtt.handle(topicFilters.trackStatus, (topic, payload) => {
    const target = parseTopic(topic);
    if (target?.kind !== 'trackStatus' || payload.length === 0) return;
    const parsed = trackStatusPayload.safeParse(parseJson(payload));
    if (!parsed.success || parsed.data.trackId !== target.trackId) {
      app.log.warn({ topic, issues: parsed.error?.issues.slice(0, 3) }, 'dropped an invalid track status');
      clearRetained(app, topic);
      return;
    }
    const id = target.trackId;
    const next = (queues.get(id) ?? Promise.resolve())
      .then(() => apply(parsed.data))
      .catch((error) => app.log.error({ err: error, topic }, 'storing a track status failed'));
    queues.set(id, next);
    void next.finally(() => {
      if (queues.get(id) === next) queues.delete(id);
    });
  });
}
