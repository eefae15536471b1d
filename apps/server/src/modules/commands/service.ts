import { randomUUID } from 'node:crypto';
import {
  ackPayload,
  type CommandRecord,
  commandTarget,
  formatCommandError,
  parseJson,
  parseTopic,
  topicFilters,
} from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { requireBroker } from '../../lib/require-broker.ts';
import { answerCommand, findCommand, insertCommand, timeOutWaiting } from './repository.ts';

export type SendCommand = {
  /** `sn` or `track-{id}` (protocol commandTarget). */
  target: string;
  command: string;
  args?: Record<string, unknown>;
  username: string;
  /** Where and what to publish; the payload gets the command's `id` and `ts`. */
  topic: string;
  payload: Record<string, unknown>;
};

type Waiter = (record: CommandRecord) => void;
export type CommandTracker = {
  /** Records, publishes and tracks a command; with `wait`, answers once it is acknowledged, failed or timed out. */
  send(command: SendCommand, options?: { wait?: boolean }): Promise<CommandRecord>;
  /** Called with every answered command (ack or timeout), e.g. to write the event log. */
  onAnswered(listener: (record: CommandRecord) => void): void;
};

/**
 * Command tracking (DESIGN section 4): every command gets an id, is published, and moves to
 * acknowledged, failed (with the device's error) or timed_out. Acks come on HCP4/{sn}/ack and
 * HCP4/track/{id}/ack; the database row is the truth. Every server instance hears every ack: the
 * first to write the answer tells the listeners, and the instance that sent the command answers
 * its waiting caller at once, whichever wrote it.
 */
export function startCommandTracker(app: FastifyInstance): CommandTracker {
  const timers = new Map<string, NodeJS.Timeout>();
  const waiters = new Map<string, Waiter[]>();
  const listeners: ((record: CommandRecord) => void)[] = [];

  /** Ends this instance's timer and answers its waiters. */
  const release = (record: CommandRecord | undefined) => {
    if (!record) return;
    clearTimeout(timers.get(record.id));
    timers.delete(record.id);
    for (const waiter of waiters.get(record.id) ?? []) waiter(record);
    waiters.delete(record.id);
  };
  /** The instance whose answer was written tells the listeners: once per command across instances. */
  const settle = (record: CommandRecord | undefined) => {
    release(record);
    if (record) for (const listener of listeners) listener(record);
  };

  const onAck = async (topic: string, payload: Buffer) => {
    const parsed = ackPayload.safeParse(parseJson(payload));
    if (!parsed.success) {
      app.log.warn({ topic }, 'dropped an invalid ack');
      return;
    }
    const { id, ok, error } = parsed.data;
    // Only the command's own target answers it: a device cannot settle another's commands.
    const from = parseTopic(topic);
    const sender =
      from?.kind === 'robotAck'
        ? commandTarget.robot(from.sn)
        : from?.kind === 'trackAck'
          ? commandTarget.track(from.trackId)
          : '';
    const command = await findCommand(app.db, id);
    // A robot also acks what its track controller sent it (ids the console never issued): ordinary traffic.
    if (!command) {
      app.log.debug({ topic, id }, 'ignored an ack for a command the console did not send');
      return;
    }
    if (command.target !== sender) {
      app.log.warn({ topic, id }, 'dropped an ack for a command sent to another device');
      return;
    }
    const answered = await answerCommand(app.db, id, ok ? 'acknowledged' : 'failed', ok ? null : (error ?? 'failed'));
    if (answered) settle(answered);
    // Another instance wrote the answer first; the one that sent the command still answers its caller now.
    else if (timers.has(id)) release(await findCommand(app.db, id));
  };
  // Every instance hears every ack (few, unlike statuses): the one that sent the command is waiting for it.
  app.mqtt.handle(
    topicFilters.robotAck,
    (topic, payload) => (parseTopic(topic)?.kind === 'robotAck' ? onAck(topic, payload) : undefined),
    {
      shared: false,
    },
  );
  app.mqtt.handle(topicFilters.trackAck, onAck, { shared: false });

  // A command whose instance died waits for no timer: any instance times it out a timeout later
  // than its own would have (docs/deploy.md, "Delivery guarantee").
  const timeoutMs = app.config.commandTimeoutMs;
  const sweep = setInterval(
    () =>
      app.faultGuard.run({ where: 'the waiting commands sweep' }, async () => {
        const error = formatCommandError('no_answer', { ms: timeoutMs });
        for (const record of await timeOutWaiting(app.db, 2 * timeoutMs, error)) settle(record);
      }),
    timeoutMs,
  );
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  });

  return {
    async send(command, options = {}) {
      requireBroker(app);
      const id = randomUUID();
      const record = await insertCommand(app.db, {
        id,
        target: command.target,
        command: command.command,
        args: command.args ?? null,
        status: 'sent',
        username: command.username,
      });
      const settled = options.wait ? new Promise<CommandRecord>((resolve) => waiters.set(id, [resolve])) : undefined;
      timers.set(
        id,
        setTimeout(() => {
          answerCommand(app.db, id, 'timed_out', formatCommandError('no_answer', { ms: app.config.commandTimeoutMs }))
            .then(async (answered) => settle(answered ?? (await findCommand(app.db, id))))
            .catch((error) => app.log.error({ err: error }, 'timing out a command failed'));
        }, app.config.commandTimeoutMs),
      );
      await app.mqtt.publish(command.topic, { ...command.payload, id, ts: record.sentAt });
      return settled ?? record;
    },
    onAnswered(listener) {
      listeners.push(listener);
    },
  };
}
