import {
  type AlertPayload,
  alertPayload,
  isKnownAlarmCode,
  type Page,
  parseTopic,
  type Robot,
  type RobotStatusPayload,
  robotHealth,
  topicFilters,
  topics,
} from '@railserve/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { BrokerStore } from '../../../lib/broker/broker-store.ts';
import { readRobotStatus } from '../../../lib/broker/read-robot-status.ts';
import { nextFrame } from '../../../lib/next-frame.ts';
import { noteHeard } from './robot-heard.ts';
import { robotIndex, shareRobotIndex } from './robot-index.ts';
import { robotKeys } from './robot-keys.ts';

/** A status merged into the robot the way the server merges it; the console's name is the server's business. */
export function withRobotStatus(robot: Robot, status: RobotStatusPayload, heardAt: string): Robot {
  const live = status.connection !== 'offline';
  if (!live && robot.connection === 'offline') return robot;
  const next: Robot = {
    ...robot,
    connection: live ? 'online' : 'offline',
    lastTrackName: status.trackName || robot.lastTrackName,
    trackId: live ? (status.trackId ?? null) : robot.trackId,
    point: live ? (status.point ?? null) : robot.point,
    battery: status.battery ?? robot.battery,
    state: status.state ?? robot.state,
    // Codes of newer firmware are the alarm center's to show (as unknown), not the robot's tags.
    alarms: status.alarms ? [...new Set(status.alarms.filter(isKnownAlarmCode))].sort() : robot.alarms,
    firmware: status.firmware ?? robot.firmware,
    ip: status.ip ?? robot.ip,
    lastUpdate: heardAt,
  };
  return { ...next, health: robotHealth(next) };
}

export function withRobotAlert(robot: Robot, alert: AlertPayload, heardAt: string): Robot {
  if (!isKnownAlarmCode(alert.code)) return robot;
  const alarms = new Set(robot.alarms);
  if (alert.active) alarms.add(alert.code);
  else alarms.delete(alert.code);
  const next = { ...robot, alarms: [...alarms].sort(), lastUpdate: heardAt };
  return { ...next, health: robotHealth(next) };
}

type Change = (robot: Robot) => Robot;
/** `null` removes the robot (its retained status was cleared). */
type Pending = Map<string, Change[] | null>;

/** Whether two versions of a robot show the same: every field but the time it was last heard. */
function sameShown(a: Robot, b: Robot): boolean {
  for (const key of Object.keys(b) as (keyof Robot)[]) {
    if (key === 'lastUpdate') continue;
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length || x.some((v, i) => v !== y[i])) return false;
  }
  return true;
}

/**
 * Applies the gathered changes in one cache write; a robot whose change shows nothing new stays
 * the same object, and a batch that changes nothing answers the same page (no render). Answers
 * the SNs the list does not know. Costs what the batch holds, not what the fleet holds: robots
 * are found through an index the next list shares unless one was removed.
 */
export function applyRobotChanges(page: Page<Robot>, pending: Pending): { page: Page<Robot>; unknown: string[] } {
  const index = robotIndex(page.items);
  const unknown: string[] = [];
  let items: Robot[] | undefined;
  let removed = false;
  for (const [sn, changes] of pending) {
    const at = index.get(sn);
    if (at === undefined) {
      if (changes) unknown.push(sn);
    } else if (changes === null) {
      removed = true;
    } else {
      const robot = page.items[at];
      const next = changes.reduce((r, change) => change(r), robot);
      if (next === robot || sameShown(robot, next)) continue;
      items ??= page.items.slice();
      items[at] = next;
    }
  }
  if (removed) items = (items ?? page.items).filter((robot) => pending.get(robot.sn) !== null);
  else if (items) shareRobotIndex(page.items, items);
  if (!items) return { page, unknown };
  return { page: { ...page, items, total: page.total - (page.items.length - items.length) }, unknown };
}

/**
 * A robot the list still lacks after it was loaded again (the server had not written the robot
 * yet when the list was read) is asked for again on a later status, at most this often.
 */
const ASK_AGAIN_MS = 1000;
/** The server writes a new robot within about 100 ms of its first status: the list is read after that. */
const NEW_ROBOT_WRITTEN_MS = 300;

/**
 * Live robots (app/live-updates.ts): statuses on hcpro4/robots/+/status (from the server's robot
 * feed, lib/broker/robot-feed.ts) and alerts on hcpro4/alerts/+, checked with the protocol schemas, go into the robot list in the query cache,
 * gathered until the next animation frame, so a fleet's thousand statuses a second cost at most
 * one cache write per frame, and none when nothing shown changed.
 * A robot the list does not know yet makes the list load again (again a second later while it
 * keeps reporting and is still missing); an empty retained status (the robot was removed) takes
 * it out.
 */
export function registerRobotLiveUpdates({ broker, queryClient }: { broker: BrokerStore; queryClient: QueryClient }) {
  let pending: Pending = new Map();
  let cancelFlush: (() => void) | undefined;
  let reload: ReturnType<typeof setTimeout> | undefined;
  const askedAt = new Map<string, number>();

  const flush = () => {
    cancelFlush = undefined;
    const batch = pending;
    pending = new Map();
    let unknown: string[] = [];
    queryClient.setQueryData<Page<Robot>>(robotKeys.list, (page) => {
      if (!page) return page;
      const result = applyRobotChanges(page, batch);
      unknown = result.unknown;
      return result.page;
    });
    const now = Date.now();
    const fresh = unknown.filter((sn) => now - (askedAt.get(sn) ?? Number.NEGATIVE_INFINITY) >= ASK_AGAIN_MS);
    for (const sn of fresh) askedAt.set(sn, now);
    if (fresh.length > 0 && reload === undefined)
      reload = setTimeout(() => {
        reload = undefined;
        void queryClient.invalidateQueries({ queryKey: robotKeys.list });
      }, NEW_ROBOT_WRITTEN_MS);
  };

  const queue = (sn: string, change: Change | null) => {
    if (change === null) pending.set(sn, null);
    else if (pending.get(sn) !== null) pending.set(sn, [...(pending.get(sn) ?? []), change]);
    cancelFlush ??= nextFrame(flush);
  };

  const removeStatus = broker.onMessage(topicFilters.robotStatus, (message) => {
    const target = parseTopic(message.topic);
    if (target?.kind !== 'robotStatus') return;
    if (message.message === '') return queue(target.sn, null);
    const status = readRobotStatus(message);
    if (status?.sn === target.sn) {
      noteHeard(target.sn, message.timestamp);
      queue(target.sn, (r) => withRobotStatus(r, status, message.timestamp));
    }
  });
  // Robots the feed names as heard only (nothing shown changed, lib/broker/robot-feed-filter.ts).
  const removeHeard = broker.onMessage(topics.consoleRobots, (message) => {
    const heard = (message.json as { heard?: unknown } | undefined)?.heard;
    if (Array.isArray(heard)) for (const sn of heard) if (typeof sn === 'string') noteHeard(sn, message.timestamp);
  });
  const removeAlert = broker.onMessage(topicFilters.alert, (message) => {
    const target = parseTopic(message.topic);
    const alert = alertPayload.safeParse(message.json);
    if (target?.kind === 'alert' && alert.success && alert.data.sn === target.sn) {
      queue(target.sn, (r) => withRobotAlert(r, alert.data, message.timestamp));
    }
  });
  // Statuses sent while the connection was down are gone (the feed keeps nothing): read the list again.
  const removeReconnect = broker.onConnect(() => void queryClient.invalidateQueries({ queryKey: robotKeys.list }));
  return () => {
    removeStatus();
    removeHeard();
    removeAlert();
    removeReconnect();
    cancelFlush?.();
    clearTimeout(reload);
  };
}
