import { type LogLevel, type LogPayload, type RobotStatusPayload, topics } from '@railserve/protocol';
import type { DeviceLink } from './device-link.ts';
import { type RobotModel, statusOf } from './robot-model.ts';

export const now = () => new Date().toISOString();

type Publisher = {
  readonly sn: string;
  readonly model: RobotModel;
  readonly link?: DeviceLink;
  lastStatus: string;
  emit(event: 'status', payload: RobotStatusPayload): boolean;
};

/** Publishes the retained status when it changed, or always on a heartbeat (`force`). */
export function publishRobotState(robot: Publisher, force: boolean) {
  if (!robot.link?.connected) return;
  const status = statusOf(robot.model);
  const key = JSON.stringify(status);
  if (!force && key === robot.lastStatus) return;
  robot.lastStatus = key;
  const payload: RobotStatusPayload = { ...status, ts: now() };
  void robot.link.publish(topics.robotStatus(robot.sn), payload, true);
  robot.emit('status', payload);
}

export function robotLog(robot: Publisher, level: LogLevel, type: string, message: string) {
  const record: LogPayload = { ts: now(), level, type, message, robotSn: robot.sn, trackId: robot.model.trackId };
  return robot.link?.publish(topics.log('robot'), record);
}
