import { brokerClientId, commandPayload, parseJson, topics } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';

export type ControllerReply = { ok: boolean; error?: string } | 'silent';

/**
 * A track controller driven by the test: connects as `track-{id}` with the device key, records
 * what reaches it (commands and maps, in order) and answers each command as `reply` decides.
 */
export async function scriptedController(
  brokerPort: number,
  deviceKey: string,
  trackId: number,
  reply: (command: string, args: unknown) => ControllerReply = () => ({ ok: true }),
) {
  const client: MqttClient = await mqtt.connectAsync(`mqtt://127.0.0.1:${brokerPort}`, {
    username: `track-${trackId}`,
    password: deviceKey,
    clientId: brokerClientId.controller(trackId),
  });
  const received: { topic: string; body: unknown }[] = [];
  client.on('message', (topic, payload) => {
    received.push({ topic, body: parseJson(payload) });
    if (topic !== topics.trackCommand(trackId)) return;
    const command = commandPayload.safeParse(parseJson(payload));
    if (!command.success) return;
    const answer = reply(command.data.command, command.data.args);
    if (answer === 'silent') return;
    client.publish(topics.trackAck(trackId), JSON.stringify({ id: command.data.id, ...answer, ts: new Date().toISOString() }));
  });
  await client.subscribeAsync([topics.trackCommand(trackId), topics.trackMap(trackId)], { qos: 1 });
  return {
    received,
    publishStatus(status: Record<string, unknown>) {
      return client.publishAsync(topics.trackStatus(trackId), JSON.stringify(status), { qos: 1, retain: true });
    },
    close: () => client.endAsync(true),
  };
}
