import type { MqttClient } from 'mqtt';
import { HOSTILE_KINDS, type HostileKind, hostilePayload, publishTopics, seeded } from './hostile-payloads.ts';
import { connectAs, type LiveIdentity, type LiveServer } from './live-server.ts';

/** One hostile publish: who sends it, where, and what. */
export type HostileSend = {
  identity: LiveIdentity;
  topic: string;
  retain: boolean;
  qos: 0 | 1;
  kind: HostileKind;
  payload: Buffer;
};

/**
 * Every identity (robot, controller, console of level 3, on-site server, tablet) × every topic it
 * may publish × every hostile kind, then more drawn at random until `count`: sizes, QoS and the
 * retain flag (also on topics where it is refused) are drawn from `seed`, so a run repeats exactly.
 */
export function hostileSends(seed: number, count: number, webToken: string): HostileSend[] {
  const random = seeded(seed);
  let n = 0;
  const identityOf = (role: LiveIdentity['role']): LiveIdentity => {
    n++;
    if (role === 'robot') return { role, sn: `HOSTILE-${n}` };
    if (role === 'controller') return { role, trackId: 900_000 + n };
    if (role === 'web') return { role, token: webToken };
    return { role, sessionCode: `H${n}` };
  };
  const roles: LiveIdentity['role'][] = ['web', 'robot', 'controller', 'site_server', 'tablet'];
  const send = (identity: LiveIdentity, target: { topic: string; retain: boolean }, kind: HostileKind): HostileSend => ({
    identity,
    topic: target.topic,
    retain: random.next() < 0.2 ? !target.retain : target.retain,
    qos: random.next() < 0.5 ? 0 : 1,
    kind,
    payload: hostilePayload(kind, identity, random),
  });
  const sends: HostileSend[] = [];
  for (const role of roles) {
    const topicCount = publishTopics(identityOf(role)).length;
    for (let t = 0; t < topicCount; t++)
      for (const kind of HOSTILE_KINDS) {
        const identity = identityOf(role);
        sends.push(send(identity, publishTopics(identity)[t], kind));
      }
  }
  while (sends.length < count) {
    const identity = identityOf(random.pick(roles));
    sends.push(send(identity, random.pick(publishTopics(identity)), random.pick(HOSTILE_KINDS)));
  }
  return sends;
}

/**
 * How the broker must end `send`: the connection is closed for a packet over the identity's cap,
 * a retained message on a topic that is not retained, and a controller's command to a robot not
 * on its track (MQTT 3.1.1 refuses a publish only so); every other payload, however hostile, is
 * taken and the connection stays.
 */
export function expectedOutcome(send: HostileSend): 'accepted' | 'closed' {
  const retainedTopic = publishTopics(send.identity).find((t) => t.topic === send.topic)?.retain;
  const refused = send.kind === 'over-cap' || (send.retain && !retainedTopic) || send.topic.endsWith('/cmd');
  return refused ? 'closed' : 'accepted';
}

/** Resolves once the broker acknowledged `topic` (QoS 1) or closed the connection, whichever comes first. */
function publishSettled(client: MqttClient, topic: string, payload: Buffer, options: { qos: 0 | 1; retain: boolean }) {
  return new Promise<'sent' | 'closed'>((resolve) => {
    if (!client.connected) return resolve('closed');
    const onClose = () => resolve('closed');
    client.once('close', onClose);
    client.publish(topic, payload, options, (error) => {
      client.off('close', onClose);
      resolve(error ? 'closed' : 'sent');
    });
  });
}

/**
 * Sends `send` on a fresh connection, then a harmless QoS 1 message behind it: its acknowledgement
 * (or the connection's close) says the broker has dealt with the hostile one. Answers how it ended.
 */
export async function sendHostile(server: LiveServer, send: HostileSend): Promise<'refused' | 'accepted' | 'closed'> {
  let client: MqttClient;
  try {
    client = await connectAs(server, send.identity);
  } catch {
    return 'refused';
  }
  client.on('error', () => {});
  try {
    await publishSettled(client, send.topic, send.payload, { qos: send.qos, retain: send.retain });
    const marker = publishTopics(send.identity)[0].topic;
    return (await publishSettled(client, marker, Buffer.from('{}'), { qos: 1, retain: false })) === 'sent'
      ? 'accepted'
      : 'closed';
  } finally {
    await client.endAsync(true).catch(() => {});
  }
}
