import type { Alarm, AlarmIncident, RobotStatusPayload } from '@railserve/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { FleetListener } from '../robots/fleet.ts';
import * as repo from './incident-repository.ts';

/** Robots on one track raising the same code within INCIDENT_WINDOW_MS that make an incident. */
export const INCIDENT_ROBOTS = 3;
export const INCIDENT_WINDOW_MS = 2 * 60_000;
/** Raises and clears gather this long, so a storm costs one query per (track, code), not one per robot. */
export const INCIDENT_GATHER_MS = 200;
/** Raised alarms remembered (not to take a later change of one for its raise) before the memory is emptied. */
const SEEN_MAX = 50_000;

type Raised = { alarm: Alarm; point: number | null };

/**
 * Track incidents (issue 29): when INCIDENT_ROBOTS or more robots on one track raise the same code
 * within INCIDENT_WINDOW_MS, their alarms are grouped into one incident, with the points where the
 * robots stood (from their statuses: a fleet listener). Fed every alarm change by the lifecycle;
 * the database decides with several instances (one active incident per track and code). An
 * incident closes when its last alarm clears.
 */
export class IncidentTracker implements FleetListener {
  private readonly points = new Map<string, number>();
  private readonly seen = new Set<number>();
  private raised: Raised[] = [];
  private cleared: number[] = [];
  private timer?: NodeJS.Timeout;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly changed: (incidents: AlarmIncident[]) => void,
    private readonly gatherMs = INCIDENT_GATHER_MS,
  ) {}

  status(status: RobotStatusPayload) {
    if (status.point !== undefined) this.points.set(status.sn, status.point);
  }
  alert() {}
  silent() {}
  forget(sn: string) {
    this.points.delete(sn);
  }

  /** Every alarm change: a fresh raise on a track may make or grow an incident, a clear may close one. */
  alarmChanged(alarm: Alarm) {
    if (!alarm.active) this.cleared.push(alarm.id);
    else if (
      alarm.trackId !== null &&
      alarm.count === 1 &&
      !this.seen.has(alarm.id) &&
      Date.parse(alarm.raisedAt) > Date.now() - INCIDENT_WINDOW_MS
    ) {
      if (this.seen.size >= SEEN_MAX) this.seen.clear();
      this.seen.add(alarm.id);
      this.raised.push({ alarm, point: this.points.get(alarm.robotSn) ?? null });
    } else return;
    this.timer ??= setTimeout(() => void this.flush(), this.gatherMs);
  }

  /** Works through what has gathered; resolves when it is written. */
  flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const raised = this.raised;
    const cleared = this.cleared;
    this.raised = [];
    this.cleared = [];
    const next = this.chain
      .then(() => (raised.length + cleared.length > 0 ? this.process(raised, cleared) : undefined))
      .catch((error) => this.log.error({ err: error }, 'grouping alarms into track incidents failed'));
    this.chain = next;
    return next;
  }

  private async process(raised: Raised[], cleared: number[]) {
    const touched = new Set<number>();
    const groups = new Map<string, Raised[]>();
    for (const r of raised) {
      const key = `${r.alarm.trackId}\u0000${r.alarm.code}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    for (const group of groups.values()) {
      const id = await this.group(group);
      if (id !== undefined) touched.add(id);
    }
    const candidates = new Set([...touched, ...(await repo.incidentsOfAlarms(this.db, cleared))]);
    const closed = await repo.closeFinished(this.db, [...candidates], new Date());
    const changed = new Set([...touched, ...closed]);
    if (changed.size > 0) this.changed(await repo.incidentsById(this.db, [...changed]));
  }

  /** Makes or grows the group's (track, code) incident; answers its id, or undefined while too few robots raised it. */
  private async group(group: Raised[]) {
    const { trackId, code } = group[0].alarm as Alarm & { trackId: number };
    const times = group.map((r) => Date.parse(r.alarm.raisedAt));
    const last = new Date(Math.max(...times));
    const pointOf = new Map(group.map((r) => [r.alarm.id, r.point]));
    let members: repo.Member[] = group.map((r) => ({ alarmId: r.alarm.id, robotSn: r.alarm.robotSn, point: r.point }));
    let incident = await repo.findActiveIncident(this.db, trackId, code);
    if (!incident) {
      const recent = await repo.raisedBetween(this.db, trackId, code, new Date(last.getTime() - INCIDENT_WINDOW_MS), last);
      if (new Set(recent.map((a) => a.robotSn)).size < INCIDENT_ROBOTS) return undefined;
      const first = new Date(Math.min(...recent.map((a) => a.raisedAt.getTime())));
      incident = await repo.openIncident(this.db, trackId, code, first, last);
      if (!incident) return undefined;
      members = recent.map((a) => ({
        alarmId: a.id,
        robotSn: a.robotSn,
        point: pointOf.get(a.id) ?? this.points.get(a.robotSn) ?? null,
      }));
    }
    await repo.addMembers(this.db, incident.id, members, last);
    return incident.id;
  }

  close() {
    clearTimeout(this.timer);
    return this.flush();
  }
}
