import {
  type Action,
  can,
  type ListCommandsQuery,
  type ListRobotsQuery,
  type RobotCommandBody,
  type RobotConfigGroup,
  type RobotConfigView,
  robotConfigGroups,
  robotConfigWriteGroups,
  topics,
} from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { requireBroker } from '../../lib/require-broker.ts';
import type { SessionUser } from '../../types.ts';
import { listCommands } from '../commands/repository.ts';
import { sendRobotUpdate } from '../updates/records/update-command.ts';
import { fillWriteOnly, hideWriteOnly } from './config-secrets.ts';
import { asKnown, findKnownRobot } from './known.ts';
import * as repo from './repository.ts';

/** Commands that need more than `robots.command` (DESIGN 4b), checked from the same matrix. */
const COMMAND_ACTIONS: Partial<Record<RobotCommandBody['command'], Action>> = {
  remove: 'robots.remove',
  rename: 'robots.rename',
};

/** A page of robots as stored (filtered and sorted by the rows), each shown as this instance knows it. */
export async function listRobots(app: FastifyInstance, query: ListRobotsQuery) {
  const page = await repo.listRobots(app.db, query);
  return { ...page, items: page.items.map((row) => repo.toRobot(asKnown(app, row))) };
}

/** The robot as this instance knows it. */
async function requireRobot(app: FastifyInstance, sn: string) {
  const row = await findKnownRobot(app, sn);
  if (!row) throw notFound(`Robot ${sn}`);
  return row;
}

/** The robot, which must exist and be online, for a command or a configuration write. */
async function requireReachable(app: FastifyInstance, sn: string) {
  const row = await requireRobot(app, sn);
  if (row.connection !== 'online') throw conflict('robot_offline', `Robot ${sn} is offline and cannot take commands`);
  requireBroker(app);
  return row;
}

export async function getRobot(app: FastifyInstance, sn: string) {
  return repo.toRobot(await requireRobot(app, sn));
}

const sendCommand = (app: FastifyInstance, sn: string, body: RobotCommandBody, username: string, wait: boolean) =>
  app.commands.send(
    {
      target: sn,
      command: body.command,
      args: body.args ?? undefined,
      username,
      topic: topics.robotCommand(sn),
      payload: { command: body.command, ...(body.args ? { args: body.args } : {}) },
    },
    { wait },
  );

/** The console's name wins from now on; an online robot is also told its new name (tracked, not awaited). */
export async function renameRobot(app: FastifyInstance, sn: string, name: string, username: string) {
  await requireRobot(app, sn);
  const row = await repo.renameRobot(app.db, sn, name).then((renamed) => renamed && asKnown(app, renamed));
  if (!row) throw notFound(`Robot ${sn}`);
  if (row.connection === 'online' && app.mqtt.connected) {
    await sendCommand(app, sn, { command: 'rename', args: { name } }, username, false).catch((error) =>
      app.log.warn({ err: error, sn }, 'telling the robot its new name failed'),
    );
  }
  return repo.toRobot(row);
}

/**
 * Removes a robot: an online robot is told to forget its registration (`remove`), its retained
 * status and report are cleared so it does not come back from the broker, and its record goes.
 * An offline robot can be removed too (a scrapped unit); it registers again if it ever reconnects.
 */
export async function removeRobot(app: FastifyInstance, sn: string, username: string) {
  const row = await requireRobot(app, sn);
  requireBroker(app);
  const command = row.connection === 'online' ? await sendCommand(app, sn, { command: 'remove' }, username, false) : null;
  await app.mqtt.publish(topics.robotStatus(sn), '', { retain: true });
  await app.mqtt.publish(topics.robotConfigReport(sn), '', { retain: true });
  await app.robots.forget(sn, () => repo.deleteRobot(app.db, sn));
  return command;
}

export async function commandRobot(app: FastifyInstance, sn: string, body: RobotCommandBody, user: SessionUser, wait: boolean) {
  const action = COMMAND_ACTIONS[body.command];
  if (action && !can(user.permission, action)) throw forbidden();
  await requireReachable(app, sn);
  if (body.command === 'remove') {
    const record = await removeRobot(app, sn, user.username);
    if (!record) throw conflict('robot_offline', `Robot ${sn} is offline and cannot take commands`);
    return record;
  }
  if (body.command === 'rename') await repo.renameRobot(app.db, sn, body.args.name);
  if (body.command === 'update') return sendRobotUpdate(app, sn, body.args.recordId, user.username, wait);
  return sendCommand(app, sn, body, user.username, wait);
}

export async function readConfig(app: FastifyInstance, sn: string, group: RobotConfigGroup): Promise<RobotConfigView> {
  await requireRobot(app, sn);
  const report = await repo.findConfigReport(app.db, sn);
  const data = report?.config[group];
  if (!report || !data) throw notFound(`The ${group} configuration of robot ${sn} (not reported yet)`);
  return { group, ...hideWriteOnly(group, data), reportedAt: report.reportedAt.toISOString() };
}

/** Validated against the group's ranges, published on HCP4/{sn}/config/{group} and tracked as command `config`. */
export async function writeConfig(
  app: FastifyInstance,
  sn: string,
  group: RobotConfigGroup,
  body: unknown,
  username: string,
  wait: boolean,
) {
  const written = robotConfigWriteGroups[group].safeParse(body);
  if (!written.success) throw invalidConfig(written.error.issues);
  await requireReachable(app, sn);
  // A blank WiFi password keeps the robot's current one: the server fills it in before publishing.
  const reported = (await repo.findConfigReport(app.db, sn))?.config[group];
  const filled = fillWriteOnly(group, written.data as Record<string, unknown>, reported);
  if (filled.missing.length > 0)
    throw invalidConfig(filled.missing.map((field) => ({ path: [field], message: 'wifi_password_required' })));
  const parsed = robotConfigGroups[group].safeParse(filled.data);
  if (!parsed.success) throw invalidConfig(parsed.error.issues);
  const data = parsed.data as Record<string, unknown>;
  // The tracking record and the audit trail keep the write, but not the WiFi password.
  const recorded = 'wifiPassword' in data ? { ...data, wifiPassword: '********' } : data;
  return app.commands.send(
    {
      target: sn,
      command: 'config',
      args: { group, data: recorded },
      username,
      topic: topics.robotConfig(sn, group),
      payload: { data },
    },
    { wait },
  );
}

export async function listRobotCommands(app: FastifyInstance, sn: string, query: ListCommandsQuery) {
  await requireRobot(app, sn);
  return listCommands(app.db, sn, query);
}

function invalidConfig(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const details = issues.map((issue) => ({ path: ['body', ...issue.path.map(String)], message: issue.message }));
  const fields = details.map((d) => `${d.path.join('.')}: ${d.message}`).join('; ');
  return badRequest('validation_failed', `Invalid input: ${fields}`, details);
}
