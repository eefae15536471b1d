import { type CreateMaintenanceBody, MAINTENANCE_MAX_DAYS, type MaintenanceWindow } from '@railserve/protocol';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../types.ts';
import * as repo from './maintenance-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open maintenance windows, in memory (modules/alarms/maintenance.ts). */
    alarmMaintenance: MaintenanceWindows;
  }
}

/** Every instance reads the open windows again this often, so one opened or ended elsewhere applies here too. */
export const MAINTENANCE_RELOAD_MS = 5000;
const DAY_MS = 86_400_000;

type Open = { robotSn: string | null; trackId: number | null; until: number };

/**
 * The open maintenance windows, held in memory so that the alarm lifecycle asks at every raise
 * without touching the database. Read at start, again after every change made here, and every
 * MAINTENANCE_RELOAD_MS (the database is the truth shared by several server instances).
 */
export class MaintenanceWindows {
  private open: Open[] = [];
  private timer?: NodeJS.Timeout;
  /** Reads in flight: an older read that answers last never replaces a newer one's windows. */
  private reads = 0;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async load() {
    const read = ++this.reads;
    const rows = await repo.openWindows(this.db, new Date());
    if (read !== this.reads) return;
    this.open = rows.map((r) => ({ robotSn: r.robotSn, trackId: r.trackId, until: r.until.getTime() }));
  }

  start() {
    this.timer = setInterval(() => {
      this.load().catch((error) => this.log.warn({ err: error }, 'reading the maintenance windows failed'));
    }, MAINTENANCE_RELOAD_MS).unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  /** Whether the robot, or the track it stands on, is in maintenance at `at`. */
  covers(sn: string, trackId: number | null, at: Date = new Date()) {
    const t = at.getTime();
    return this.open.some((w) => w.until > t && (w.robotSn === sn || (trackId !== null && w.trackId === trackId)));
  }
}

/**
 * The one rule for "does this alarm notify anybody": false while its robot or its track is in
 * maintenance. Escalation and webhooks ask it; the lifecycle marks each alarm raised meanwhile
 * (`maintenance` on the alarm).
 */
export const inMaintenance = (app: FastifyInstance, sn: string, trackId: number | null, at: Date = new Date()) =>
  app.alarmMaintenance.covers(sn, trackId, at);

export const listOpenWindows = async (app: FastifyInstance): Promise<MaintenanceWindow[]> =>
  (await repo.openWindows(app.db, new Date())).map(repo.toWindow);

/** Opens a window for a robot or a track (exactly one), ending after now and within MAINTENANCE_MAX_DAYS. */
export async function createWindow(app: FastifyInstance, body: CreateMaintenanceBody, user: SessionUser) {
  const hasRobot = body.robotSn !== undefined;
  if (hasRobot === (body.trackId !== undefined))
    throw badRequest('maintenance_target_required', 'Name exactly one of robotSn and trackId');
  const until = new Date(body.until);
  const now = Date.now();
  if (until.getTime() <= now) throw badRequest('maintenance_until_past', 'The window must end in the future');
  if (until.getTime() > now + MAINTENANCE_MAX_DAYS * DAY_MS)
    throw badRequest('maintenance_until_too_far', `The window may last at most ${MAINTENANCE_MAX_DAYS} days`);
  const known = hasRobot ? await repo.robotExists(app.db, body.robotSn!) : await repo.trackExists(app.db, body.trackId!);
  if (!known)
    throw badRequest(
      'maintenance_target_unknown',
      hasRobot ? `Robot ${body.robotSn} is unknown` : `Track ${body.trackId} is unknown`,
    );
  const row = await repo.insertWindow(app.db, {
    robotSn: body.robotSn ?? null,
    trackId: body.trackId ?? null,
    until,
    reason: body.reason || null,
    createdBy: user.username,
  });
  await app.alarmMaintenance.load();
  return repo.toWindow(row);
}

/** Ends an open window now. */
export async function endWindow(app: FastifyInstance, id: number, user: SessionUser) {
  const existing = await repo.findWindow(app.db, id);
  if (!existing) throw notFound(`Maintenance window ${id}`);
  const row = await repo.endWindow(app.db, id, user.username, new Date());
  if (!row) throw conflict('maintenance_already_ended', `Maintenance window ${id} has ended already`);
  await app.alarmMaintenance.load();
  return repo.toWindow(row);
}
