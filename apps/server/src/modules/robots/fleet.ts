import { type AlertPayload, isKnownAlarmCode, type RobotStatusPayload } from '@railserve/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { FaultGuard } from '../../lib/fault-guard.ts';
import { type RobotEvents, robotEvent } from './events.ts';
import { applyAlert, applyStatus, type LiveRobot, markSilent, newRobot } from './live-state.ts';
import { findSilentRobots, loadLiveRobots } from './repository.ts';
import { storeRobotStates } from './store-states.ts';

export type FleetTiming = {
  /** How long visible changes gather before one batched write. */
  flushDelayMs: number;
  /** How often silent robots are looked for, and `lastUpdate`-only changes written when their row grew old. */
  sweepMs: number;
  offlineAfterMs: number;
  /** Called for each robot this instance marked offline for silence (the server then says so on the broker). */
  onSilent?: (robot: LiveRobot) => void;
  /** Called with each status the fleet took in (the consoles' feed passes it on). */
  onStatus?: (status: RobotStatusPayload) => void;
  /** Called when a robot is forgotten (removed). */
  onForget?: (sn: string) => void;
  /** Catches a fault of a timed write (the app's, so /api/health counts it); one of its own when absent. */
  guard?: FaultGuard;
};

/**
 * Another module's view of what the fleet takes in (the alarm center): every accepted status and
 * alert, each robot this instance marked offline for silence, and each removal.
 */
export type FleetListener = {
  status(status: RobotStatusPayload, trackId: number | null): void;
  alert(alert: AlertPayload, trackId: number | null): void;
  silent(sn: string, trackId: number | null): void;
  forget(sn: string): void;
};

/** Counters of the broker messages the fleet took in and of its writes (tests and the fleet benchmark read them). */
export type FleetStats = {
  statuses: number;
  alerts: number;
  reports: number;
  dropped: number;
  writes: number;
  rowsWritten: number;
  /** Statuses of robots not seen before, refused because the fleet already holds FLEET_MAX_ROBOTS. */
  refusedNew: number;
};

/**
 * The most robots held in memory (and queued for writing). Anyone with the device key can invent
 * robot names; beyond this, statuses of unknown robots are refused (counted, logged) so that memory
 * and the write queue stay bounded.
 */
export const FLEET_MAX_ROBOTS = 20_000;

const RETRY_MS = 1000;
/** After a removal, late messages of the robot (a heartbeat in flight, its cleared retained status) are ignored this long. */
const REMOVED_QUIET_MS = 10_000;

/**
 * The robots' live state, in memory; the database gets a batched write when something the console
 * shows changes, and `lastUpdate` every sweep. Every write is guarded by `last_update` so that, with
 * several server instances sharing the ingest, an older view never overwrites a newer one.
 */
export class RobotFleet {
  readonly stats: FleetStats = { statuses: 0, alerts: 0, reports: 0, dropped: 0, writes: 0, rowsWritten: 0, refusedNew: 0 };
  private readonly robots = new Map<string, LiveRobot>();
  /** Robots with a change the console shows: written after flushDelayMs. */
  private readonly dirty = new Set<string>();
  /** Robots heard from without a visible change: their lastUpdate is written at the next sweep. */
  private readonly touched = new Set<string>();
  /** When each robot's row was last written (ms), so an idle robot's is written only as silence detection needs. */
  private readonly writtenAt = new Map<string, number>();
  private readonly removed = new Map<string, number>();
  private flushTimer?: NodeJS.Timeout;
  private sweepTimer?: NodeJS.Timeout;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly guard: FaultGuard;
  private readonly listeners: FleetListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly events: RobotEvents,
    private readonly timing: FleetTiming,
    private readonly maxRobots = FLEET_MAX_ROBOTS,
  ) {
    this.guard = timing.guard ?? new FaultGuard(log);
  }

  async start() {
    for (const robot of await loadLiveRobots(this.db)) this.robots.set(robot.sn, robot);
    this.sweepTimer = setInterval(() => this.guard.run({ where: 'the robot sweep' }, () => this.sweep()), this.timing.sweepMs);
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    clearTimeout(this.flushTimer);
    await this.serial(() => this.write('all'));
  }

  listen(listener: FleetListener) {
    this.listeners.push(listener);
  }

  /** Whether the robot was removed moments ago (its late messages must not register it again). */
  isRemoved(sn: string) {
    const until = this.removed.get(sn);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.removed.delete(sn);
    return false;
  }

  /** What this instance last heard of the robot (undefined when it holds nothing of it). */
  live(sn: string): LiveRobot | undefined {
    return this.robots.get(sn);
  }

  /** The track the robot's last status named (null when none, undefined for an unknown robot). */
  trackOf(sn: string): number | null | undefined {
    return this.robots.get(sn)?.trackId;
  }

  status(status: RobotStatusPayload, heardAt: Date) {
    const { sn } = status;
    if (this.isRemoved(sn)) return;
    this.stats.statuses++;
    const current = this.robots.get(sn);
    // A last will from a robot never seen alive registers nothing; an offline robot said offline again
    // (the server's own silence notice coming back) is no news.
    if (status.connection === 'offline' && (!current || current.connection === 'offline')) return;
    if (!current && this.robots.size >= this.maxRobots) {
      if (this.stats.refusedNew++ % 1000 === 0)
        this.log.error(
          { sn, refused: this.stats.refusedNew, max: this.maxRobots },
          'fleet full: status of an unknown robot refused',
        );
      return;
    }
    const { next, visible, connectionChange } = applyStatus(current ?? newRobot(sn, heardAt), status, heardAt);
    this.remember(next, !current || visible);
    this.timing.onStatus?.(status);
    for (const listener of this.listeners) listener.status(status, next.trackId);
    if (current && connectionChange === 'offline') this.events.write(robotEvent.lostConnection(next));
    if (current && connectionChange === 'online') this.events.write(robotEvent.online(next));
  }

  /** `deliveryKey`: the broker message's (logs/delivery-key.ts), so its log record is kept once however often it comes. */
  alert(alert: AlertPayload, heardAt: Date, deliveryKey?: string) {
    if (this.isRemoved(alert.sn)) return;
    this.stats.alerts++;
    const current = this.robots.get(alert.sn);
    this.events.write({ ...robotEvent.alarm(current ?? alert, alert.code, alert.active, new Date(alert.ts)), deliveryKey });
    for (const listener of this.listeners) listener.alert(alert, current?.trackId ?? null);
    // An alert of a robot that has not sent a status yet changes nothing: its first status carries its alarms.
    if (!current || !isKnownAlarmCode(alert.code)) return;
    const { next, visible } = applyAlert(current, { ...alert, code: alert.code }, heardAt);
    this.remember(next, visible);
  }

  /** Forgets a robot and runs `work` (its removal from the database) between two batch writes. */
  forget<T>(sn: string, work: () => Promise<T>): Promise<T> {
    this.removed.set(sn, Date.now() + REMOVED_QUIET_MS);
    this.robots.delete(sn);
    this.timing.onForget?.(sn);
    for (const listener of this.listeners) listener.forget(sn);
    this.dirty.delete(sn);
    this.touched.delete(sn);
    this.writtenAt.delete(sn);
    return this.serial(work);
  }

  /** Writes everything pending now (tests, shutdown). */
  flush() {
    return this.serial(() => this.write('all'));
  }

  private remember(robot: LiveRobot, visible: boolean) {
    this.robots.set(robot.sn, robot);
    if (!visible) {
      if (!this.dirty.has(robot.sn)) this.touched.add(robot.sn);
      return;
    }
    this.dirty.add(robot.sn);
    this.touched.delete(robot.sn);
    this.scheduleWrite(this.timing.flushDelayMs);
  }

  private scheduleWrite(delayMs: number) {
    if (this.flushTimer || this.stopped) return;
    this.flushTimer = setTimeout(
      () => this.guard.run({ where: 'the robot state writer' }, () => this.serial(() => this.write('none'))),
      delayMs,
    );
  }

  /** One database conversation at a time, in order. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => {});
    return next;
  }

  /**
   * Writes the robots with a visible change, and the heard-from ones: `all` of them (shutdown,
   * tests), or at a sweep only those whose row is older than half the offline time. That is all
   * silence detection needs (a row is then at most ¾ of it old, with a sweep every quarter), so an
   * idle robot costs a write every two or three sweeps, not one per status.
   */
  private async write(touched: 'all' | 'stale' | 'none') {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const sns = new Set(this.dirty);
    this.dirty.clear();
    if (touched !== 'none') {
      const staleBefore = Date.now() - this.timing.offlineAfterMs / 2;
      for (const sn of this.touched) {
        if (touched === 'stale' && (this.writtenAt.get(sn) ?? 0) > staleBefore) continue;
        sns.add(sn);
        this.touched.delete(sn);
      }
    }
    const batch = [...sns].map((sn) => this.robots.get(sn)).filter((r): r is LiveRobot => r !== undefined);
    const result = await this.store(batch);
    const now = Date.now();
    for (const row of result.written) this.writtenAt.set(row.sn, now);
    for (const row of result.written.filter((r) => r.inserted)) {
      this.events.write(robotEvent.registered({ sn: row.sn, trackId: this.robots.get(row.sn)?.trackId }));
    }
    // Keep the news for the next attempt; the live state in memory is still current.
    for (const robot of result.retry) this.dirty.add(robot.sn);
    if (result.retry.length > 0) this.scheduleWrite(RETRY_MS);
  }

  private async store(batch: LiveRobot[]) {
    const result = await storeRobotStates(this.db, this.log, batch);
    this.stats.writes += result.statements;
    this.stats.rowsWritten += result.written.length;
    return result;
  }

  /** Writes the `lastUpdate`s grown old, then marks offline the robots nobody has heard from for `offlineAfterMs`. */
  private sweep() {
    return this.serial(async () => {
      await this.write('stale');
      const cutoff = new Date(Date.now() - this.timing.offlineAfterMs);
      try {
        const silent = (await findSilentRobots(this.db, cutoff)).filter((row) => {
          const known = this.robots.get(row.sn);
          return !known || known.lastUpdate < cutoff;
        });
        const offline = silent.map((row) => markSilent(row).next);
        for (const robot of offline) this.robots.set(robot.sn, robot);
        // Only the rows this instance actually changed get an event (another instance may have been first).
        const { written } = await this.store(offline);
        for (const { sn } of written) {
          const robot = this.robots.get(sn);
          this.events.write(robotEvent.silent({ sn, trackId: robot?.trackId }, this.timing.offlineAfterMs));
          if (robot) this.timing.onSilent?.(robot);
          for (const listener of this.listeners) listener.silent(sn, robot?.trackId ?? null);
        }
      } catch (error) {
        this.log.error({ err: error }, 'looking for silent robots failed');
      }
    });
  }
}
