import type { AbortReason, UtilisationState } from '@railserve/protocol';
import type { MapIndex } from './map-index.ts';

export const HOUR_MS = 3_600_000;
/** A robot that changes nothing still gets a row this often, so silence can be told from stillness. */
export const KEEPALIVE_MS = 60_000;
/** A row's state lasts until the next row, at most this long: a longer gap counts as offline. */
export const SPAN_CAP_MS = 3 * KEEPALIVE_MS;
/** Rows read before a recomputed range: the state entering it, and trips begun shortly before. */
export const LOOKBACK_MS = HOUR_MS;

/** One row of the raw history (db/schema/analytics.ts), `at` in epoch milliseconds. */
export type ChangeRow = {
  at: number;
  online: boolean;
  state: string;
  trackId: number | null;
  point: number | null;
  target: number | null;
  alarms: string[];
};

export type RobotHour = {
  hour: number;
  trackId: number;
  onlineMs: number;
  ms: Record<UtilisationState, number>;
  availableMs: number;
  distance: number;
  unknownPoints: number;
  chargeCycles: number;
};

export type DeliveryHour = {
  hour: number;
  trackId: number;
  target: number;
  delivered: number;
  deliveryMs: number;
  dwellMs: number;
  dwells: number;
  aborted: Record<AbortReason, number>;
};

export type RollupContext = {
  /** Whole hours, epoch ms: only what happens in [from, to) is counted. */
  from: number;
  to: number;
  now: number;
  maps: ReadonlyMap<number, MapIndex>;
  downtimeAlarms: ReadonlySet<string>;
};

const BUSY = new Set(['goto', 'arrive', 'return']);
const hourOf = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;

type Leg = { start: number; target: number; trackId: number | null };

/**
 * Where a robot's roll-up stood just before one of its raw rows (`at`): the figures counted so
 * far, the trip and dwell in progress and the timeline row before it. Rolling up the rows from
 * `at` on from here gives what rolling up every row would (rollup-repository.ts checks that the
 * rows before `at` are still the same ones).
 */
export type RollupCheckpoint = {
  at: number;
  hours: RobotHour[];
  deliveries: DeliveryHour[];
  trip: Leg | undefined;
  dwell: Leg | undefined;
  prev: ChangeRow | undefined;
};

const copyHour = (h: RobotHour): RobotHour => ({ ...h, ms: { ...h.ms } });
const copyDelivery = (d: DeliveryHour): DeliveryHour => ({ ...d, aborted: { ...d.aborted } });

/**
 * Rolls one robot's raw history up into hours (docs/analytics.md). `rows` are sorted by time and
 * may begin before `from` (LOOKBACK_MS) and end after `to`: those only set the scene. With
 * `resume`, `rows` begin at its row and the roll-up goes on from it. Also answers where it stood
 * before its last row, when that row is not after `now`: the next roll-up can resume there.
 */
export function rollUpRobot(rows: readonly ChangeRow[], ctx: RollupContext, resume?: RollupCheckpoint) {
  const hours = new Map<string, RobotHour>();
  const deliveries = new Map<string, DeliveryHour>();
  for (const h of resume?.hours ?? []) hours.set(`${h.hour}:${h.trackId}`, copyHour(h));
  for (const d of resume?.deliveries ?? []) deliveries.set(`${d.hour}:${d.trackId}:${d.target}`, copyDelivery(d));
  const inRange = (t: number) => t >= ctx.from && t < ctx.to;
  const hourRow = (t: number, trackId: number | null) => {
    const key = `${hourOf(t)}:${trackId ?? 0}`;
    let row = hours.get(key);
    if (!row) {
      const ms = { busy: 0, idle: 0, charging: 0, sleep: 0, alarm: 0, other: 0 };
      row = {
        hour: hourOf(t),
        trackId: trackId ?? 0,
        onlineMs: 0,
        ms,
        availableMs: 0,
        distance: 0,
        unknownPoints: 0,
        chargeCycles: 0,
      };
      hours.set(key, row);
    }
    return row;
  };
  const deliveryRow = (t: number, trackId: number | null, target: number) => {
    const key = `${hourOf(t)}:${trackId ?? 0}:${target}`;
    let row = deliveries.get(key);
    if (!row) {
      const aborted = { new_target: 0, alarm: 0, offline: 0, other: 0 };
      row = { hour: hourOf(t), trackId: trackId ?? 0, target, delivered: 0, deliveryMs: 0, dwellMs: 0, dwells: 0, aborted };
      deliveries.set(key, row);
    }
    return row;
  };
  const charging = (r: ChangeRow) =>
    r.online && (r.state === 'idle' || r.state === 'sleep') && r.point !== null && r.trackId !== null
      ? (ctx.maps.get(r.trackId)?.isCharge(r.point) ?? false)
      : false;

  let trip = resume?.trip;
  let dwell = resume?.dwell;
  const endTrip = (at: number, reason: AbortReason) => {
    if (trip && inRange(at)) deliveryRow(at, trip.trackId, trip.target).aborted[reason]++;
    trip = undefined;
  };

  const last = rows.at(-1);
  let checkpoint: RollupCheckpoint | undefined;
  const timeline = withSilenceAsOffline(rows, ctx.now);
  for (let i = 0; i < timeline.length; i++) {
    const r = timeline[i];
    const prev = i === 0 ? resume?.prev : timeline[i - 1];
    if (r === last && r.at <= ctx.now) {
      checkpoint = {
        at: r.at,
        hours: [...hours.values()].map(copyHour),
        deliveries: [...deliveries.values()].map(copyDelivery),
        trip,
        dwell,
        prev,
      };
    }
    // Distance and unknown points: between consecutive online points on the same track.
    if (prev?.online && r.online && r.point !== null && r.trackId !== null && r.point !== prev.point) {
      const map = ctx.maps.get(r.trackId);
      if (inRange(r.at)) {
        if (!map?.has(r.point)) hourRow(r.at, r.trackId).unknownPoints++;
        else if (prev.point !== null && prev.trackId === r.trackId && map.has(prev.point))
          hourRow(r.at, r.trackId).distance += map.distance(prev.point, r.point) ?? 0;
      }
    }
    if (charging(r) && !(prev && charging(prev)) && inRange(r.at)) hourRow(r.at, r.trackId).chargeCycles++;
    // Dwell ends when the robot leaves the point it arrived at.
    if (dwell && (!r.online || r.state !== 'arrive')) {
      if (inRange(r.at)) {
        const row = deliveryRow(r.at, dwell.trackId, dwell.target);
        row.dwellMs += r.at - dwell.start;
        row.dwells++;
      }
      dwell = undefined;
    }
    // Trips: goto a target, then arrive (delivered) or anything else (aborted, with its reason).
    if (trip) {
      if (!r.online) endTrip(r.at, 'offline');
      else if (r.state === 'arrive') {
        if (inRange(r.at)) {
          const row = deliveryRow(r.at, trip.trackId, trip.target);
          row.delivered++;
          row.deliveryMs += r.at - trip.start;
        }
        dwell = { start: r.at, target: trip.target, trackId: trip.trackId };
        trip = undefined;
      } else if (r.state === 'goto') {
        if (r.target !== null && r.target !== trip.target) endTrip(r.at, 'new_target');
      } else endTrip(r.at, r.state === 'alarm' || r.alarms.length > 0 ? 'alarm' : 'other');
    }
    if (!trip && r.online && r.state === 'goto' && r.target !== null)
      trip = { start: r.at, target: r.target, trackId: r.trackId };
    // Time: the row's state lasts until the next row (capped), split at hour boundaries.
    if (!r.online) continue;
    const end = Math.min(timeline[i + 1]?.at ?? Number.POSITIVE_INFINITY, r.at + SPAN_CAP_MS, ctx.now);
    const state: UtilisationState = charging(r)
      ? 'charging'
      : BUSY.has(r.state)
        ? 'busy'
        : r.state === 'idle' || r.state === 'sleep' || r.state === 'alarm'
          ? r.state
          : 'other';
    const down = r.alarms.some((a) => ctx.downtimeAlarms.has(a));
    for (let t = Math.max(r.at, ctx.from); t < Math.min(end, ctx.to); ) {
      const pieceEnd = Math.min(end, ctx.to, hourOf(t) + HOUR_MS);
      const row = hourRow(t, r.trackId);
      const ms = pieceEnd - t;
      row.onlineMs += ms;
      row.ms[state] += ms;
      if (!down) row.availableMs += ms;
      t = pieceEnd;
    }
  }
  return { hours: [...hours.values()], deliveries: [...deliveries.values()], checkpoint };
}

/** A gap longer than SPAN_CAP_MS (also before now) is the robot gone silent: an offline row marks where its last state ended. */
function withSilenceAsOffline(rows: readonly ChangeRow[], now: number): ChangeRow[] {
  const out: ChangeRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    out.push(r);
    const nextAt = rows[i + 1]?.at ?? now;
    if (r.online && nextAt - r.at > SPAN_CAP_MS) out.push({ ...r, at: r.at + SPAN_CAP_MS, online: false });
  }
  return out;
}
