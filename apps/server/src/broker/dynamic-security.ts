import { randomBytes } from 'node:crypto';
import { parseJson } from '@railserve/protocol';
import type { MqttBridge } from './bridge.ts';

/** Mosquitto's dynamic security plugin's control topic and the topic it answers on. */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const DYNSEC_RESPONSE_TOPIC = `${DYNSEC_TOPIC}/response`;
const ANSWER_TIMEOUT_MS = 5000;

/** One rule of a dynamic security role. */
export type DynsecAcl = { acltype: string; topic: string; allow: boolean; priority: number };
/** The last rules of every role the server makes: whatever its own rules do not allow is denied. */
export const DENY_THE_REST: readonly DynsecAcl[] = ['subscribePattern', 'publishClientReceive', 'publishClientSend'].map(
  (acltype) => ({ acltype, topic: '#', allow: false, priority: 0 }),
);
export type DynsecCommand = { command: string } & Record<string, unknown>;
export type DynsecResponse = { command: string; error?: string; data?: unknown; correlationData?: string };

export class DynsecError extends Error {}

/**
 * Commands to Mosquitto's dynamic security plugin (mosquitto.org/documentation/dynamic-security)
 * over the server's own broker connection. Each command carries correlation data naming this
 * instance, so several instances on one broker each take only their own answers.
 */
export function createDynsecClient(mqtt: MqttBridge) {
  const prefix = randomBytes(6).toString('hex');
  let next = 0;
  const waiting = new Map<string, { resolve: (r: DynsecResponse) => void; timer: NodeJS.Timeout }>();

  mqtt.handle(
    DYNSEC_RESPONSE_TOPIC,
    (_topic, payload) => {
      const json = parseJson(payload);
      const responses = json && typeof json === 'object' ? (json as { responses?: unknown }).responses : undefined;
      if (!Array.isArray(responses)) return;
      for (const response of responses as DynsecResponse[]) {
        const entry = typeof response?.correlationData === 'string' ? waiting.get(response.correlationData) : undefined;
        if (!entry) continue;
        clearTimeout(entry.timer);
        waiting.delete(response.correlationData!);
        entry.resolve(response);
      }
    },
    { shared: false },
  );

  /** Sends the commands in one message; the answers come back in the same order. */
  async function run(commands: DynsecCommand[]): Promise<DynsecResponse[]> {
    await mqtt.waitUntilSubscribed();
    const tagged = commands.map((c) => ({ ...c, correlationData: `${prefix}-${next++}` }));
    const answers = tagged.map(
      (c) =>
        new Promise<DynsecResponse>((resolve, reject) => {
          const timer = setTimeout(() => {
            waiting.delete(c.correlationData);
            reject(new DynsecError(`the broker's dynamic security plugin did not answer ${c.command} in time`));
          }, ANSWER_TIMEOUT_MS);
          waiting.set(c.correlationData, { resolve, timer });
        }),
    );
    await mqtt.publish(DYNSEC_TOPIC, { commands: tagged });
    return Promise.all(answers);
  }

  return {
    run,
    /** Like `run`, but an answer with an error other than the ones `tolerated` throws. */
    async must(commands: DynsecCommand[], tolerated: string[] = []) {
      const responses = await run(commands);
      const failed = responses.find((r) => r.error && !tolerated.includes(r.error));
      if (failed) throw new DynsecError(`dynamic security ${failed.command}: ${failed.error}`);
      return responses;
    },
    close() {
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}

export type DynsecClient = ReturnType<typeof createDynsecClient>;
