// The fault run's load: log records and alerts published as robots (QoS 1, each counted once the
// broker acknowledged it), and robot commands sent through the instances' API (each answered one
// noted with its id, for the audit and the command checks).
import { ALARM_CATALOGUE, type AlarmKind, topics } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';

/** A code of the catalogue that is not a communication alarm (no inhibition rules apply). */
export const LOAD_ALARM = (Object.keys(ALARM_CATALOGUE) as AlarmKind[]).find((k) => !ALARM_CATALOGUE[k].communication)!;
export const LOAD_LOG_TYPE = 'fault_load';

export type Sent = {
  /** Log messages the broker acknowledged (their text is unique). */
  logs: Set<string>;
  /** Alerts the broker acknowledged, as `sn|ts`. */
  alerts: Set<string>;
  /** Publishes the broker did not acknowledge (the connection dropped first): may or may not be stored. */
  unacknowledged: number;
};

/**
 * `publishers` robots (the first serial numbers) each publish a log record every `logEveryMs` and an
 * alert (raised, then cleared) every `alertEveryMs`, on connections of their own beside the
 * simulated robots' (same account, another client id). Reconnects by itself after a broker restart.
 */
export async function startPublishers(options: {
  url: string;
  deviceKey: string;
  sns: string[];
  logEveryMs: number;
  alertEveryMs: number;
}) {
  const sent: Sent = { logs: new Set(), alerts: new Set(), unacknowledged: 0 };
  const clients: MqttClient[] = [];
  const timers: NodeJS.Timeout[] = [];
  let seq = 0;
  const connected = await Promise.all(
    options.sns.map((sn) =>
      mqtt.connectAsync(options.url, { username: sn, password: options.deviceKey, clientId: `${sn}-load`, reconnectPeriod: 500 }),
    ),
  );
  for (const [index, sn] of options.sns.entries()) {
    const client = connected[index];
    clients.push(client);
    const publish = (topic: string, payload: object, onAck: () => void) => {
      if (!client.connected) return;
      client.publish(topic, JSON.stringify(payload), { qos: 1 }, (error) => {
        if (error) sent.unacknowledged++;
        else onAck();
      });
    };
    timers.push(
      setInterval(() => {
        const message = `fault load ${sn} #${++seq}`;
        const record = { ts: new Date().toISOString(), level: 'info', type: LOAD_LOG_TYPE, message, robotSn: sn };
        publish(topics.log('robot'), record, () => sent.logs.add(message));
      }, options.logEveryMs),
    );
    let active = false;
    timers.push(
      setInterval(() => {
        active = !active;
        const ts = new Date().toISOString();
        publish(topics.alert(sn), { sn, code: LOAD_ALARM, active, ts }, () => sent.alerts.add(`${sn}|${ts}`));
      }, options.alertEveryMs),
    );
  }
  return {
    sent,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      // The last publishes get their acknowledgements first.
      await new Promise((r) => setTimeout(r, 2000));
      await Promise.all(clients.map((c) => c.endAsync().catch(() => {})));
    },
  };
}

/**
 * Sends `reset_alarm` to a robot every `everyMs` through each instance in turn (not waiting for
 * the robot), and notes the id of every command an instance answered.
 */
export function startCommands(options: { urls: () => string[]; token: string; sns: string[]; everyMs: number }) {
  const answered: { id: string; via: string }[] = [];
  let refused = 0;
  let unanswered = 0;
  let turn = 0;
  const timer = setInterval(() => {
    const urls = options.urls();
    const url = urls[turn % urls.length];
    const sn = options.sns[turn % options.sns.length];
    turn++;
    fetch(`${url}/api/v1/robots/${sn}/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ command: 'reset_alarm' }),
      signal: AbortSignal.timeout(5000),
    })
      .then(async (res) => {
        if (res.status !== 200) return void refused++;
        const { data } = (await res.json()) as { data: { id: string } };
        answered.push({ id: data.id, via: url });
      })
      .catch(() => unanswered++);
  }, options.everyMs);
  return {
    answered,
    counts: () => ({ answered: answered.length, refused, unanswered }),
    stop: () => clearInterval(timer),
  };
}
