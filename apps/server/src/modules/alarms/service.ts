import type { Alarm, AlarmDetail, BulkAlarmResult, CommandRecord } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../types.ts';
import { commandRobot } from '../robots/service.ts';
import * as repo from './repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alarm center's changes to the consoles (modules/alarms/start.ts). */
    alarmChanged: (alarm: Alarm) => void;
  }
}

async function requireAlarm(app: FastifyInstance, id: number) {
  const row = await repo.findAlarm(app.db, id);
  if (!row) throw notFound(`Alarm ${id}`);
  return row;
}

export async function getAlarm(app: FastifyInstance, id: number): Promise<AlarmDetail> {
  const row = await requireAlarm(app, id);
  return { ...repo.toAlarm(row), timeline: await repo.timeline(app.db, id) };
}

const publish = (app: FastifyInstance, rows: Parameters<typeof repo.toAlarm>[0][]) => {
  const alarms = rows.map(repo.toAlarm);
  for (const alarm of alarms) app.alarmChanged(alarm);
  return alarms;
};

/** Acknowledges each alarm named; one that is missing or acknowledged already answers why, the others go on. */
export async function acknowledgeAlarms(app: FastifyInstance, ids: number[], user: SessionUser): Promise<BulkAlarmResult> {
  const unique = [...new Set(ids)];
  const existing = new Set((await repo.findAlarms(app.db, unique)).map((row) => row.id));
  const changed = publish(app, await repo.acknowledge(app.db, unique, user.username));
  await repo.insertEvents(
    app.db,
    changed.map((alarm) => ({ alarmId: alarm.id, kind: 'acknowledged' as const, username: user.username })),
  );
  const byId = new Map(changed.map((alarm) => [alarm.id, alarm]));
  return {
    results: unique.map((id) => {
      const alarm = byId.get(id);
      if (alarm) return { id, ok: true, alarm };
      return { id, ok: false, code: existing.has(id) ? 'alarm_already_acknowledged' : 'not_found' };
    }),
  };
}

export async function acknowledgeAlarm(app: FastifyInstance, id: number, user: SessionUser) {
  const [result] = (await acknowledgeAlarms(app, [id], user)).results;
  if (result.code === 'not_found') throw notFound(`Alarm ${id}`);
  if (!result.alarm) throw conflict('alarm_already_acknowledged', `Alarm ${id} is acknowledged already`);
  return result.alarm;
}

/** Assigns each alarm named to an active user (null: to nobody). */
export async function assignAlarms(
  app: FastifyInstance,
  ids: number[],
  userId: number | null,
  user: SessionUser,
): Promise<BulkAlarmResult> {
  if (userId !== null && !(await repo.activeUserExists(app.db, userId)))
    throw badRequest('assignee_unknown', `User ${userId} does not exist or is inactive`);
  const unique = [...new Set(ids)];
  const changed = publish(app, await repo.assign(app.db, unique, userId));
  await repo.insertEvents(
    app.db,
    changed.map((alarm) => ({
      alarmId: alarm.id,
      kind: userId === null ? ('unassigned' as const) : ('assigned' as const),
      username: user.username,
      assigneeId: userId,
    })),
  );
  const byId = new Map(changed.map((alarm) => [alarm.id, alarm]));
  return {
    results: unique.map((id) => {
      const alarm = byId.get(id);
      return alarm ? { id, ok: true, alarm } : { id, ok: false, code: 'not_found' };
    }),
  };
}

export async function assignAlarm(app: FastifyInstance, id: number, userId: number | null, user: SessionUser) {
  await requireAlarm(app, id);
  const [result] = (await assignAlarms(app, [id], userId, user)).results;
  if (!result.alarm) throw notFound(`Alarm ${id}`);
  return result.alarm;
}

export async function commentAlarm(app: FastifyInstance, id: number, text: string, user: SessionUser) {
  await requireAlarm(app, id);
  await repo.insertEvents(app.db, [{ alarmId: id, kind: 'comment', username: user.username, text }]);
  return getAlarm(app, id);
}

/**
 * Sends the robot the reset-alarm command, tracked like every command. Its acknowledgement makes
 * the robot's next status without the code an operator's clear (modules/alarms/start.ts).
 */
export async function resetAlarm(app: FastifyInstance, id: number, user: SessionUser): Promise<CommandRecord> {
  const row = await requireAlarm(app, id);
  if (!row.active) throw conflict('alarm_not_active', `Alarm ${id} is cleared already`);
  const record = await commandRobot(app, row.robotSn, { command: 'reset_alarm' }, user, false);
  await repo.recordReset(app.db, id, record.id);
  await repo.insertEvents(app.db, [{ alarmId: id, kind: 'reset_sent', username: user.username }]);
  return record;
}
