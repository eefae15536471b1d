import type { RobotStatusPayload } from '@railserve/protocol';
import { type ChangeRow, KEEPALIVE_MS } from './rollup.ts';

export type TrackedChange = ChangeRow & { sn: string };

/**
 * Per-robot state in memory that turns the status stream into raw history rows: a row when the
 * state, connection, track, point, target or alarms change, or KEEPALIVE_MS after the last row.
 * A status no newer than the last one heard is a duplicate (same time: dropped) or late (older:
 * kept as a row of its own, at its own time). The cost per status is one map lookup and a compare.
 */
export class ChangeTracker {
  private readonly robots = new Map<string, { last: ChangeRow; lastRowAt: number }>();

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
    const row: ChangeRow = {
      at,
      online,
      state: status.state ?? base.state,
      trackId: status.trackId ?? base.trackId,
      point: status.point ?? base.point,
      // A target belongs to the trip in progress; a robot that is not going anywhere has none.
      target:
        status.state !== undefined && status.state !== 'goto' && status.state !== 'arrive'
          ? (status.target ?? null)
          : (status.target ?? base.target),
      alarms: status.alarms ?? base.alarms,
    };
    if (known && at <= known.last.at) return at === known.last.at ? undefined : { sn: status.sn, ...row };
    const changed = !known || differs(known.last, row);
    this.robots.set(status.sn, {
      last: row,
      lastRowAt: changed || at - (known?.lastRowAt ?? 0) >= KEEPALIVE_MS ? at : known.lastRowAt,
    });
    if (changed || at - known.lastRowAt >= KEEPALIVE_MS) return { sn: status.sn, ...row };
    return undefined;
  }

  forget(sn: string) {
    this.robots.delete(sn);
  }
}

function differs(a: ChangeRow, b: ChangeRow) {
  return (
    a.online !== b.online ||
    a.state !== b.state ||
    a.trackId !== b.trackId ||
    a.point !== b.point ||
    a.target !== b.target ||
    a.alarms.length !== b.alarms.length ||
    a.alarms.some((x, i) => x !== b.alarms[i])
  );
}
