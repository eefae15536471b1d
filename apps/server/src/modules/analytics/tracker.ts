import type { RobotStatusPayload } from '@railserve/protocol';
import { type ChangeRow, KEEPALIVE_MS } from './rollup.ts';

export type TrackedChange = ChangeRow & { sn: string };

/**
 * Per-robot state in memory that turns the status stream into raw history rows: a row when the
 * state, connection, track, point, target or alarms change, or KEEPALIVE_MS after the last row.
 * A status no newer than the last one heard is a duplicate (same time: dropped) or late (older:
 * kept as a row of its own, at its own time). The cost per status is one map lookup and a compare;
 * a status that changes nothing allocates nothing.
 */
export class ChangeTracker {
  /** Per robot: the state of its last row (which later statuses left unchanged), the last status's time and the last row's. */
  private readonly robots = new Map<string, { last: ChangeRow; lastAt: number; lastRowAt: number }>();

  /** The row this status adds to the raw history, if any. */
  observe(status: RobotStatusPayload, now = Date.now()): TrackedChange | undefined {
    const at = Math.min(Date.parse(status.ts), now);
    if (!Number.isFinite(at)) return undefined;
    const known = this.robots.get(status.sn);
    const base: ChangeRow = known?.last ?? {
      at,
      online: true,
      state: 'unknown',
      trackId: null,
      point: null,
      target: null,
      alarms: [],
    };
    const online = status.connection !== 'offline';
    const state = status.state ?? base.state;
    const trackId = status.trackId ?? base.trackId;
    const point = status.point ?? base.point;
    // A target belongs to the trip in progress; a robot that is not going anywhere has none.
    const target =
      status.state !== undefined && status.state !== 'goto' && status.state !== 'arrive'
        ? (status.target ?? null)
        : (status.target ?? base.target);
    const alarms = status.alarms ?? base.alarms;
    if (known && at <= known.lastAt)
      return at === known.lastAt ? undefined : { sn: status.sn, at, online, state, trackId, point, target, alarms };
    const changed =
      !known ||
      online !== base.online ||
      state !== base.state ||
      trackId !== base.trackId ||
      point !== base.point ||
      target !== base.target ||
      !sameAlarms(alarms, base.alarms);
    // Most statuses change nothing: only the time is kept, nothing is allocated.
    if (known && !changed && at - known.lastRowAt < KEEPALIVE_MS) {
      known.lastAt = at;
      return undefined;
    }
    const row: ChangeRow = { at, online, state, trackId, point, target, alarms };
    this.robots.set(status.sn, { last: row, lastAt: at, lastRowAt: at });
    return { sn: status.sn, ...row };
  }

  forget(sn: string) {
    this.robots.delete(sn);
  }
}

function sameAlarms(a: readonly string[], b: readonly string[]) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
