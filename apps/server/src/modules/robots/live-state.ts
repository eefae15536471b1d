import {
  type AlarmCode,
  type AlertPayload,
  isKnownAlarmCode,
  type RobotHealth,
  type RobotState,
  type RobotStatusPayload,
  robotHealth,
} from '@railserve/protocol';

/** What the server holds in memory per robot: everything the console shows except the console's name. */
export type LiveRobot = {
  sn: string;
  reportedName: string | null;
  lastTrackName: string | null;
  trackId: number | null;
  point: number | null;
  connection: 'online' | 'offline';
  battery: number;
  state: RobotState;
  health: RobotHealth;
  alarms: AlarmCode[];
  firmware: string | null;
  ip: string | null;
  /** When the server last heard from the robot (not shown live: flushed coarsely). */
  lastUpdate: Date;
  registeredAt: Date;
};

export type ConnectionChange = 'online' | 'offline' | undefined;

/** Whether two states show the same in the console: equal means no database write is needed. */
export function sameVisible(a: LiveRobot, b: LiveRobot): boolean {
  return (
    a.reportedName === b.reportedName &&
    a.lastTrackName === b.lastTrackName &&
    a.trackId === b.trackId &&
    a.point === b.point &&
    a.connection === b.connection &&
    a.battery === b.battery &&
    a.state === b.state &&
    a.health === b.health &&
    a.firmware === b.firmware &&
    a.ip === b.ip &&
    a.alarms.length === b.alarms.length &&
    a.alarms.every((code, i) => code === b.alarms[i])
  );
}

/**
 * A robot heard of for the first time. Until it reports them, battery is 0 and state `unknown`:
 * the console then shows it as critical, which is the honest reading of "no battery level yet".
 */
export function newRobot(sn: string, heardAt: Date): LiveRobot {
  return {
    sn,
    reportedName: null,
    lastTrackName: null,
    trackId: null,
    point: null,
    connection: 'online',
    battery: 0,
    state: 'unknown',
    health: 'critical',
    alarms: [],
    firmware: null,
    ip: null,
    lastUpdate: heardAt,
    registeredAt: heardAt,
  };
}

const withHealth = (r: LiveRobot): LiveRobot => ({ ...r, health: robotHealth(r) });

/**
 * Merges a status into the robot: fields present replace, absent ones keep their value (the last
 * will carries only `{sn, connection, ts}`); a status without `connection` comes from a live robot.
 */
export function applyStatus(current: LiveRobot, status: RobotStatusPayload, heardAt: Date) {
  // A live status without trackId or point means "not on a track"; the last will keeps the last position.
  const live = status.connection !== 'offline';
  const connection = live ? 'online' : 'offline';
  const battery = status.battery ?? current.battery;
  // The robot's known codes; one of newer firmware lives in the alarm center only (modules/alarms).
  const alarms = status.alarms ? knownAlarms(status.alarms) : current.alarms;
  // One object per status, its health worked out first: every heartbeat of the fleet passes here.
  const next: LiveRobot = {
    ...current,
    connection,
    reportedName: status.name ?? current.reportedName,
    lastTrackName: status.trackName || current.lastTrackName,
    trackId: live ? (status.trackId ?? null) : current.trackId,
    point: live ? (status.point ?? null) : current.point,
    battery,
    state: status.state ?? current.state,
    health: robotHealth({ connection, alarms, battery }),
    alarms,
    firmware: status.firmware ?? current.firmware,
    ip: status.ip ?? current.ip,
    lastUpdate: heardAt > current.lastUpdate ? heardAt : current.lastUpdate,
  };
  return finish(current, next);
}

// Shared by every robot without alarms, so frozen: a mutation would throw rather than spread.
const NO_ALARMS = Object.freeze([]) as unknown as AlarmCode[];

/** The known codes of a status's alarms, once each, sorted (no alarms, the common case, allocates nothing). */
function knownAlarms(codes: readonly string[]): AlarmCode[] {
  return codes.length === 0 ? NO_ALARMS : [...new Set(codes.filter(isKnownAlarmCode))].sort();
}

/** An alert raises or clears one alarm; the robot's next status carries the whole set anyway. */
export function applyAlert(current: LiveRobot, alert: AlertPayload & { code: AlarmCode }, heardAt: Date) {
  const alarms = new Set(current.alarms);
  if (alert.active) alarms.add(alert.code);
  else alarms.delete(alert.code);
  const next = withHealth({
    ...current,
    alarms: [...alarms].sort(),
    lastUpdate: heardAt > current.lastUpdate ? heardAt : current.lastUpdate,
  });
  return finish(current, next);
}

/** Nothing heard for too long: offline, keeping the last known battery and alarms. */
export function markSilent(current: LiveRobot) {
  return finish(current, withHealth({ ...current, connection: 'offline' }));
}

function finish(current: LiveRobot, next: LiveRobot) {
  const connectionChange: ConnectionChange = current.connection === next.connection ? undefined : next.connection;
  return { next, visible: !sameVisible(current, next), connectionChange };
}
