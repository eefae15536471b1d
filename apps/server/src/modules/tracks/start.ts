import type { FastifyInstance } from 'fastify';
import { startTrackEvents } from './events.ts';
import { ingestTrackStatus } from './status-ingest.ts';
import { purgeStatusChanges } from './status-repository.ts';

/** Status changes older than this leave the track's record part (the event log keeps its own copy). */
const STATUS_CHANGE_RETENTION_DAYS = 90;
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/** The tracks module's background work: status ingest, its events, and the record's retention. */
export function startTracks(app: FastifyInstance) {
  const events = startTrackEvents(app);
  ingestTrackStatus(app, events.statusChanged);

  const purge = () =>
    purgeStatusChanges(app.db, new Date(Date.now() - STATUS_CHANGE_RETENTION_DAYS * 86_400_000)).catch((error) =>
      app.log.warn({ err: error }, 'purging old track status changes failed'),
    );
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
