import {
  ALARM_CATALOGUE,
  type Alarm,
  type AlarmClearedBy,
  type AlertPayload,
  alarmKind,
  alarmSeverityOf,
  type RobotStatusPayload,
} from '@railserve/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { FleetListener } from '../robots/fleet.ts';
import * as repo from './repository.ts';
import { type Open, TRANSITIONS_PER_STATEMENT, type Transition, writeTransitions } from './transitions.ts';

/** The code of the alarm the server raises itself when a robot goes offline. */
export const ROBOT_OFFLINE = 'robot_offline';

/**
 * Alarms that say the robot's link is down: while one is active, the robot's other communication
 * alarms follow from it and are recorded as suppressed (inhibition, issue 29).
 */
const INHIBITORS = [ROBOT_OFFLINE, 'network_timeout', 'heartbeat_timeout'];

/** An alarm raised this many times within FLAPPING_WINDOW_MS (each after a clear) is flapping. */
export const FLAPPING_RAISES = 5;
export const FLAPPING_WINDOW_MS = 10 * 60_000;

/**
 * The alarms' lifecycle, fed by the robots module's ingest (FleetListener). Which codes are active
 * per robot lives in memory, so a status at 1 Hz costs a comparison of two small sets; the database
 * is touched only on a transition (raised, repeated, cleared): those decided meanwhile are written
 * together, in order (transitions.ts), one conversation at a time.
 */
export class AlarmLifecycle implements FleetListener {
  private readonly open = new Map<string, Map<string, Open>>();
  /** When each (robot, code) was raised within the flapping window, oldest first. */
  private readonly raises = new Map<string, number[]>();
  private chain: Promise<unknown> = Promise.resolve();
  /** Transitions decided since the last write began. */
  private queued: Transition[] = [];
  /** Transitions written (tests and the benchmark read it). */
  transitions = 0;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly changed: (alarm: Alarm) => void,
    /** Whether the robot or its track is in maintenance (maintenance.ts): its alarms are marked and notify nobody. */
    private readonly inMaintenance: (sn: string, trackId: number | null, at: Date) => boolean = () => false,
    /** Transitions a statement writes (transitions.ts: fewer on the embedded database's one connection). */
    private readonly perStatement = TRANSITIONS_PER_STATEMENT,
  ) {}

  async load() {
    for (const row of await repo.loadActiveAlarms(this.db)) this.codes(row.robotSn).set(row.code, { id: row.id });
  }

  /** Waits for every transition queued so far. */
  flush() {
    return this.serial(async () => {});
  }

  status(status: RobotStatusPayload, trackId: number | null) {
    const { sn } = status;
    if (status.connection === 'offline') return this.raise(sn, ROBOT_OFFLINE, trackId, new Date(status.ts));
    const open = this.open.get(sn);
    if (open?.has(ROBOT_OFFLINE)) this.clear(sn, ROBOT_OFFLINE, 'server');
    if (!status.alarms) return;
    const now = new Date();
    for (const code of status.alarms) if (!open?.has(code)) this.raise(sn, code, trackId, now);
    if (!open) return;
    for (const code of open.keys()) if (code !== ROBOT_OFFLINE && !status.alarms.includes(code)) this.clear(sn, code, 'device');
  }

  alert(alert: AlertPayload, trackId: number | null) {
    const open = this.open.get(alert.sn)?.get(alert.code);
    if (!alert.active) {
      if (open) this.clear(alert.sn, alert.code, 'device');
      return;
    }
    if (!open) return this.raise(alert.sn, alert.code, trackId, new Date());
    this.enqueue({ kind: 'repeat', open });
  }

  silent(sn: string, trackId: number | null) {
    this.raise(sn, ROBOT_OFFLINE, trackId, new Date());
  }

  /** A removed robot's alarms close. */
  forget(sn: string) {
    for (const code of [...(this.open.get(sn)?.keys() ?? [])]) this.clear(sn, code, 'removal');
    this.open.delete(sn);
  }

  private codes(sn: string) {
    let codes = this.open.get(sn);
    if (!codes) {
      codes = new Map();
      this.open.set(sn, codes);
    }
    return codes;
  }

  private raise(sn: string, code: string, trackId: number | null, at: Date) {
    const codes = this.codes(sn);
    if (codes.has(code)) return;
    const open: Open = {};
    const suppressed =
      ALARM_CATALOGUE[alarmKind(code)].communication && !INHIBITORS.includes(code) && INHIBITORS.some((c) => codes.has(c));
    codes.set(code, open);
    const flapping = this.raisedAgain(`${sn}\u0000${code}`, at.getTime());
    this.enqueue({
      kind: 'raise',
      open,
      values: {
        robotSn: sn,
        trackId,
        code,
        severity: alarmSeverityOf(code),
        raisedAt: at,
        lastRaisedAt: at,
        suppressed,
        flapping,
        maintenance: this.inMaintenance(sn, trackId, at),
      },
    });
  }

  /** Notes a raise; true when it makes FLAPPING_RAISES within the window. */
  private raisedAgain(key: string, now: number) {
    const recent = (this.raises.get(key) ?? []).filter((t) => t > now - FLAPPING_WINDOW_MS);
    recent.push(now);
    this.raises.set(key, recent);
    // Keeps the memory bounded: a key no raise renewed for a window goes at the next one's sweep.
    if (this.raises.size > 10_000)
      for (const [k, times] of this.raises) if (times.at(-1)! <= now - FLAPPING_WINDOW_MS) this.raises.delete(k);
    return recent.length >= FLAPPING_RAISES;
  }

  private clear(sn: string, code: string, by: AlarmClearedBy) {
    const codes = this.open.get(sn);
    const open = codes?.get(code);
    if (!codes || !open) return;
    codes.delete(code);
    if (codes.size === 0) this.open.delete(sn);
    this.enqueue({ kind: 'clear', open, by });
  }

  /** Queues a transition; the first since the last write began schedules the next write. */
  private enqueue(transition: Transition) {
    this.queued.push(transition);
    if (this.queued.length > 1) return;
    void this.serial(async () => {
      const batch = this.queued;
      this.queued = [];
      await writeTransitions(this.db, this.log, batch, (row) => this.done(row), this.perStatement);
    });
  }

  private done(row: Parameters<typeof repo.toAlarm>[0]) {
    this.transitions++;
    this.changed(repo.toAlarm(row));
  }

  /** Runs work after every transition queued so far: a reset's answer lands after the clear it explains. */
  serial(work: () => Promise<void>) {
    const next = this.chain.then(work).catch((error) => this.log.error({ err: error }, 'an alarm transition failed'));
    this.chain = next;
    return next;
  }
}
