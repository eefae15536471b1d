import type { TrackRobot } from '@railserve/protocol';

/** Why a target cannot be sent now, each said with what the operator can do (`tracks.control.blocked.*`). */
export type SendTargetBlock = 'broker' | 'neverReported' | 'noMap' | 'noIdleRobot' | 'allCharging';

type Input = {
  /** The console's broker connection is up. */
  connected: boolean;
  /** The track's controller has reported at least once. */
  reported: boolean;
  /** The saved map; undefined while it loads. */
  hasMap: boolean | undefined;
  /** The track's robots, live; undefined while they load. */
  robots: readonly Pick<TrackRobot, 'sn' | 'connection' | 'state'>[] | undefined;
  /** The robots the controller holds back until they have charged (its status). */
  charging: readonly string[];
};

/**
 * The first reason, if any, that the send-target form is disabled, in the order an operator would
 * fix them. The robots follow the controller's dispatch rule: an online robot that is idle or
 * asleep (an order wakes it) and that the controller does not hold back to charge.
 */
export function sendTargetBlock({ connected, reported, hasMap, robots, charging }: Input): SendTargetBlock | undefined {
  if (!connected) return 'broker';
  if (!reported) return 'neverReported';
  if (hasMap === false) return 'noMap';
  if (!robots) return undefined;
  const idle = robots.filter((r) => r.connection === 'online' && (r.state === 'idle' || r.state === 'sleep'));
  if (idle.length === 0) return 'noIdleRobot';
  if (idle.every((r) => charging.includes(r.sn))) return 'allCharging';
  return undefined;
}
