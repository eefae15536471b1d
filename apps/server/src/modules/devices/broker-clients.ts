import { createHash, randomBytes } from 'node:crypto';
import { ackPayload, parseJson, parseTopic, topicFilters } from '@railserve/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { deviceTopicRules } from '../../broker/acl.ts';
import type { MqttBridge } from '../../broker/bridge.ts';
import { DENY_THE_REST, type DynsecAcl, type DynsecClient } from '../../broker/dynamic-security.ts';
import { brokerNames, type Device } from './device-names.ts';

/**
 * A device's account on the broker, kept in step with its credential. The embedded broker asks
 * the server on every sign-in, so there nothing is kept; on Mosquitto with dynamic security each
 * enrolled device is a client of its own there (createDynsecDeviceClients). None of these calls
 * throws: a broker that is away is retried, and logged.
 */
export type DeviceBrokerClients = {
  /** Enrolled (or enrolled again): the account opens with this password, enabled. Resolves true once the broker has it. */
  enrolled(device: Device, password: string): Promise<boolean>;
  /** Revoked: the account is disabled, which ends its live session. */
  revoked(device: Device): Promise<boolean>;
  /**
   * A new credential sent in command `commandId`: the broker takes it once the device acks the
   * command, or when the grace ends, whichever comes first; `onTaken` then runs.
   */
  rotating(
    device: Device,
    rotation: { commandId: string; password: string; graceMs: number; onTaken: () => Promise<void> },
  ): void;
  /** Changes not yet taken by the broker (they are being retried). */
  pending(): number;
  close(): void;
};

export const embeddedDeviceClients: DeviceBrokerClients = {
  enrolled: async () => true,
  revoked: async () => true,
  rotating() {},
  pending: () => 0,
  close() {},
};

type Identity = { role: 'robot'; sn: string } | { role: 'controller'; trackId: number };
const identityOfDevice = (device: Device): Identity =>
  device.kind === 'robot' ? { role: 'robot', sn: device.sn } : { role: 'controller', trackId: device.trackId };

/**
 * The device's role: exactly the topics the embedded broker gives its identity (broker/acl.ts),
 * and nothing else (the lowest priority denies every other topic).
 */
export function deviceRoleAcls(device: Device): DynsecAcl[] {
  const rules = deviceTopicRules(identityOfDevice(device));
  return [
    ...rules.publish.map((topic) => ({ acltype: 'publishClientSend', topic, allow: true, priority: 10 })),
    ...rules.subscribe.flatMap((topic) => [
      { acltype: 'subscribePattern', topic, allow: true, priority: 10 },
      { acltype: 'publishClientReceive', topic, allow: true, priority: 10 },
    ]),
    ...DENY_THE_REST,
  ];
}

/** `railserve-device-{username}-{digest}`: a release with other topic rules makes new roles. */
export const deviceRoleName = (device: Device) =>
  `railserve-device-${brokerNames(device).username}-${createHash('sha256')
    .update(JSON.stringify(deviceRoleAcls(device)))
    .digest('hex')
    .slice(0, 8)}`;

type Wanted = { device: Device; password?: string };
const RETRY_EVERY_MS = 10_000;

/**
 * Per-device clients on Mosquitto's dynamic security plugin (docs/deploy.md): username = the
 * device's broker username, held to its client id, with a role of its own topics.
 *
 * - Enrollment creates it (or, for a replaced device, gives it the new password and enables it).
 * - Revocation disables it: the plugin ends its session at once and refuses later sign-ins. A
 *   device without a client (still on the password file) gets a disabled one, so the password
 *   file no longer opens it either.
 * - Rotation: the plugin keeps one password per client, so the old one stays until the device acks
 *   `set_credential` (it holds the new one and reconnects with it) or the grace ends; then the
 *   client gets the new one, which ends the old session.
 *
 * What the broker has not taken (it was away, the plugin missing) is retried every 10 s, the
 * newest wish per device only; the passwords waiting are held in memory, never written anywhere.
 */
export function createDynsecDeviceClients(options: {
  dynsec: DynsecClient;
  mqtt: MqttBridge;
  log: FastifyBaseLogger;
}): DeviceBrokerClients {
  const { dynsec, log } = options;
  const wanted = new Map<string, Wanted>();
  const chains = new Map<string, Promise<boolean>>();
  const failing = new Set<string>();
  const rotations = new Map<
    string,
    { username: string; device: Device; password: string; timer: NodeJS.Timeout; onTaken: () => Promise<void> }
  >();

  const apply = async ({ device, password }: Wanted) => {
    const { username, clientId } = brokerNames(device);
    const rolename = deviceRoleName(device);
    const client = {
      username,
      // A revoked device without a client gets one with a password nobody knows, then disabled.
      password: password ?? randomBytes(24).toString('base64url'),
      clientid: clientId,
      roles: [{ rolename }],
    };
    const [, created] = await dynsec.must(
      [
        { command: 'createRole', rolename, acls: deviceRoleAcls(device) },
        { command: 'createClient', ...client },
      ],
      ['Role already exists', 'Client already exists'],
    );
    const exists = created.error === 'Client already exists';
    if (password === undefined) await dynsec.must([{ command: 'disableClient', username }]);
    else if (exists)
      await dynsec.must([
        { command: 'modifyClient', ...client },
        { command: 'enableClient', username },
      ]);
  };

  /** Runs the newest wish for `username` after the ones before it. */
  const run = (username: string): Promise<boolean> => {
    const next = (chains.get(username) ?? Promise.resolve(true)).then(async () => {
      const wish = wanted.get(username);
      if (!wish) return true;
      try {
        await apply(wish);
        if (wanted.get(username) === wish) wanted.delete(username);
        failing.delete(username);
        return true;
      } catch (error) {
        if (!failing.has(username))
          log.warn({ err: error, device: username }, 'the broker did not take a device account change; retrying');
        failing.add(username);
        return false;
      }
    });
    chains.set(username, next);
    void next.finally(() => {
      if (chains.get(username) === next) chains.delete(username);
    });
    return next;
  };

  const want = (wish: Wanted) => {
    const { username } = brokerNames(wish.device);
    wanted.set(username, wish);
    return run(username);
  };

  const retry = setInterval(() => {
    if (failing.size === 0) return;
    log.warn({ devices: failing.size }, 'retrying device account changes the broker has not taken');
    for (const username of [...failing]) void run(username);
  }, RETRY_EVERY_MS);
  retry.unref();

  const dropRotations = (username: string) => {
    for (const [id, rotation] of rotations)
      if (rotation.username === username) {
        clearTimeout(rotation.timer);
        rotations.delete(id);
      }
  };

  const take = (commandId: string) => {
    const rotation = rotations.get(commandId);
    if (!rotation) return;
    rotations.delete(commandId);
    clearTimeout(rotation.timer);
    void want({ device: rotation.device, password: rotation.password });
    rotation.onTaken().catch((error) => log.error({ err: error, device: rotation.username }, 'could not end the old credential'));
  };

  // Every instance hears every ack; only the one that sent the credential holds it.
  const onAck = (topic: string, payload: Buffer) => {
    if (rotations.size === 0) return;
    const parsed = ackPayload.safeParse(parseJson(payload));
    const rotation = parsed.success ? rotations.get(parsed.data.id) : undefined;
    if (!parsed.success || !rotation || !parsed.data.ok) return;
    const from = parseTopic(topic);
    const sender = from?.kind === 'robotAck' ? from.sn : from?.kind === 'trackAck' ? `track-${from.trackId}` : undefined;
    // Only the device itself can say it holds its new credential.
    if (sender === rotation.username) take(parsed.data.id);
  };
  options.mqtt.handle(topicFilters.robotAck, onAck, { shared: false });
  options.mqtt.handle(topicFilters.trackAck, onAck, { shared: false });

  return {
    enrolled: (device, password) => {
      // A rotation sent before is void: the enrollment's password is the device's now.
      dropRotations(brokerNames(device).username);
      return want({ device, password });
    },
    revoked: (device) => {
      dropRotations(brokerNames(device).username);
      return want({ device });
    },
    rotating(device, { commandId, password, graceMs, onTaken }) {
      const username = brokerNames(device).username;
      dropRotations(username);
      const timer = setTimeout(() => take(commandId), graceMs);
      timer.unref();
      rotations.set(commandId, { username, device, password, timer, onTaken });
    },
    pending: () => wanted.size,
    close() {
      clearInterval(retry);
      for (const rotation of rotations.values()) clearTimeout(rotation.timer);
      rotations.clear();
    },
  };
}
