import { EventEmitter } from 'node:events';
import {
  type AckPayload,
  type AlarmCode,
  commandPayload,
  configWritePayload,
  parseJson,
  type TrackMap,
  topics,
} from '@railserve/protocol';
import { DeviceLink } from './device-link.ts';
import { createRng, type Rng, seedFrom } from './rng.ts';
import { applyCommand, applyConfigWrite, type CommandOutcome } from './robot-commands.ts';
import { readMap } from './robot-map.ts';
import { clearAlarm, type ModelEvent, type RobotModel, type RobotTiming, raiseAlarm } from './robot-model.ts';
import { modelOf, type SimRobotOptions, timingOf } from './robot-options.ts';
import { now, publishRobotState, robotLog } from './robot-publish.ts';
import { stepRobot } from './robot-step.ts';

export type { SimRobotOptions };

/**
 * A simulated serving robot on the broker, speaking DESIGN section 4 as the firmware does.
 * Emits 'ack' (AckPayload), 'status' (payload) and 'removed'.
 */
export class SimRobot extends EventEmitter {
  readonly sn: string;
  readonly timing: RobotTiming;
  readonly model: RobotModel;
  map: TrackMap | null = null;
  link?: DeviceLink;
  private readonly rng: Rng;
  private timers: NodeJS.Timeout[] = [];
  /** Last published status (without ts), to publish on change only between heartbeats. */
  lastStatus = '';

  constructor(readonly opts: SimRobotOptions) {
    super();
    this.sn = opts.sn;
    this.timing = timingOf(opts);
    this.rng = createRng(seedFrom(opts.seed ?? Date.now(), opts.sn));
    this.model = modelOf(opts, Date.now());
  }

  get connected() {
    return this.link?.connected ?? false;
  }

  async start() {
    const statusTopic = topics.robotStatus(this.sn);
    this.link = new DeviceLink({
      url: this.opts.url,
      username: this.sn,
      password: this.opts.deviceKey,
      clientId: `robot_${this.sn}`,
      will: { topic: statusTopic, payload: () => JSON.stringify({ sn: this.sn, connection: 'offline', ts: now() }) },
      reconnectPeriodMs: this.opts.reconnectPeriodMs,
      onMessage: (topic, payload) => this.onMessage(topic, payload),
      onConnect: () => this.onConnect(),
    });
    this.link.subscribe(topics.robotCommand(this.sn));
    this.link.subscribe(topics.robotConfig(this.sn, '+'));
    if (this.model.trackId !== undefined) this.link.subscribe(topics.trackMap(this.model.trackId));
    await this.link.ready();
    this.timers.push(setInterval(() => this.step(), this.timing.stepMs));
    this.timers.push(setInterval(() => publishRobotState(this, true), this.opts.statusIntervalMs ?? 1000));
  }

  /** Powers off cleanly: says it is offline (retained) and disconnects. */
  async stop() {
    this.stopTimers();
    if (!this.link) return;
    await this.link.publish(topics.robotStatus(this.sn), { sn: this.sn, connection: 'offline', ts: now() }, true);
    await this.link.end();
  }

  /** Loses power: the connection drops without a goodbye and the broker publishes the last will. */
  crash() {
    this.stopTimers();
    this.link?.kill();
  }

  raiseAlarm(code: AlarmCode) {
    this.apply((events) => raiseAlarm(this.model, code, Date.now(), events));
  }

  clearAlarm(code: AlarmCode) {
    this.apply((events) => clearAlarm(this.model, code, Date.now(), events));
  }

  setBattery(level: number) {
    this.apply(() => {
      this.model.battery = Math.max(0, Math.min(100, level));
    });
  }

  /** Runs a change to the model and publishes what it produced. */
  apply(change: (events: ModelEvent[]) => void) {
    const events: ModelEvent[] = [];
    change(events);
    this.emitEvents(events);
  }

  private step() {
    this.emitEvents(stepRobot(this.model, this.map, Date.now(), this.rng, this.timing));
  }

  private emitEvents(events: ModelEvent[]) {
    for (const e of events) {
      if (e.type === 'alarm')
        void this.link?.publish(topics.alert(this.sn), { sn: this.sn, code: e.code, active: e.active, ts: now() });
      if (e.type === 'log') void robotLog(this, e.level, e.logType, e.message);
      if (e.type === 'reboot') this.link?.drop();
    }
    publishRobotState(this, false);
  }

  private onConnect() {
    publishRobotState(this, true);
    void this.link?.publish(topics.robotConfigReport(this.sn), this.model.config, true);
    void robotLog(this, 'info', 'connection', 'connected');
  }

  private onMessage(topic: string, payload: Buffer) {
    const parts = topic.split('/');
    if (topic === topics.robotCommand(this.sn)) this.onCommand(payload);
    else if (parts[2] === 'config' && parts[3] !== 'report') this.onConfigWrite(parts[3], payload);
    else if (parts[1] === 'track' && parts[3] === 'map')
      this.apply((events) => {
        this.map = readMap(this.model, this.map, payload, Date.now(), events);
      });
  }

  private onCommand(payload: Buffer) {
    const msg = commandPayload.safeParse(parseJson(payload));
    if (!msg.success) return void robotLog(this, 'warning', 'command', 'invalid command payload dropped');
    const events: ModelEvent[] = [];
    const outcome = applyCommand(this.model, msg.data, this.map, Date.now(), events);
    this.emitEvents(events);
    void this.answer(msg.data.id, msg.data.command, outcome);
  }

  private onConfigWrite(group: string, payload: Buffer) {
    const msg = configWritePayload.safeParse(parseJson(payload));
    if (!msg.success) return void robotLog(this, 'warning', 'config', 'invalid config payload dropped');
    const events: ModelEvent[] = [];
    const outcome = applyConfigWrite(this.model, group, msg.data.data, events);
    this.emitEvents(events);
    void this.answer(msg.data.id, `config ${group}`, outcome);
  }

  /** Acks first, then does what needs the connection to go away, so the ack is never lost. */
  private async answer(id: string, what: string, outcome: CommandOutcome) {
    const ack: AckPayload = { id, ok: outcome.ok, ...(outcome.ok ? {} : { error: outcome.error }), ts: now() };
    const level = outcome.ok ? 'info' : 'warning';
    void robotLog(this, level, 'command', outcome.ok ? `${what} done` : `${what} refused: ${ack.error}`);
    await this.link?.publish(topics.robotAck(this.sn), ack);
    this.emit('ack', ack);
    if (!outcome.ok || !outcome.after) return;
    if (outcome.after === 'report') await this.link?.publish(topics.robotConfigReport(this.sn), this.model.config, true);
    if (outcome.after === 'reload_map' && this.model.trackId !== undefined)
      this.link?.refresh(topics.trackMap(this.model.trackId));
    if (outcome.after === 'restart') this.reboot();
    if (outcome.after === 'remove') await this.remove();
  }

  /** A reboot: the trip is lost, the connection drops (the will fires), and it initializes again. */
  private reboot() {
    Object.assign(this.model, {
      route: [],
      leg: undefined,
      target: undefined,
      lidOpen: false,
      state: 'init',
      stateSince: Date.now(),
    });
    void robotLog(this, 'info', 'state', 'restarting');
    this.link?.drop();
  }

  /** Forgets itself: clears its retained status and report so it does not register again, and leaves. */
  private async remove() {
    this.stopTimers();
    await this.link?.publish(topics.robotStatus(this.sn), '', true);
    await this.link?.publish(topics.robotConfigReport(this.sn), '', true);
    await this.link?.end();
    this.emit('removed');
  }

  private stopTimers() {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }
}
