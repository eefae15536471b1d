import { EventEmitter } from 'node:events';
import {
  type AckPayload,
  type AlarmCode,
  type AudioClip,
  CREDENTIAL_COMMAND,
  commandPayload,
  configWritePayload,
  formatLogEvent,
  parseJson,
  type TrackMap,
  topics,
  type UpgradeReportPayload,
  type UpgradeStage,
} from '@railserve/protocol';
import { DeviceLink } from './device-link.ts';
import { createRng, type Rng, seedFrom } from './rng.ts';
import { fetchTrackAudio } from './robot-audio.ts';
import { applyCommand, applyConfigWrite, type CommandOutcome } from './robot-commands.ts';
import { readMap } from './robot-map.ts';
import { clearAlarm, type ModelEvent, type RobotModel, type RobotTiming, raiseAlarm, setState } from './robot-model.ts';
import { modelOf, type SimRobotOptions, timingOf } from './robot-options.ts';
import { now, publishRobotState, robotLog } from './robot-publish.ts';
import { stepRobot } from './robot-step.ts';
import { downloadUpdate } from './robot-update.ts';

export type { SimRobotOptions };

/**
 * A simulated serving robot on the broker, speaking DESIGN section 4 as the firmware does.
 * Emits 'ack' (AckPayload), 'status' (payload), 'upgrade' (UpgradeReportPayload) and 'removed'.
 */
export class SimRobot extends EventEmitter {
  readonly sn: string;
  readonly timing: RobotTiming;
  readonly model: RobotModel;
  map: TrackMap | null = null;
  link?: DeviceLink;
  /** The clips last fetched from the console after reload_map. */
  audio: AudioClip[] = [];
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
    void robotLog(this, 'info', 'connection', formatLogEvent('device_connected'));
    const finished = this.model.finishedUpdate;
    if (finished !== undefined) {
      this.model.finishedUpdate = undefined;
      void this.reportUpgrade(finished, 'update_complete', { firmware: this.model.firmware });
    }
  }

  /** `HCP4/{sn}/upgrade`: how the update of a record is going. */
  private async reportUpgrade(recordId: number, stage: UpgradeStage, extra: { reason?: string; firmware?: string } = {}) {
    const report: UpgradeReportPayload = { recordId, stage, ...extra, ts: now() };
    await this.link?.publish(topics.robotUpgrade(this.sn), report);
    this.emit('upgrade', report);
  }

  /**
   * Downloads and checks the update; a failure is reported with its reason and the robot goes
   * back to idle on its old firmware. Success moves on to installing (robot-step.ts), then a reboot.
   */
  private async runUpdate() {
    const update = this.model.update;
    if (!update) return;
    const result = await downloadUpdate(update, { httpUrl: this.opts.httpUrl, sn: this.sn, deviceKey: this.opts.deviceKey });
    if (!result.ok) {
      this.apply((events) => {
        this.model.update = undefined;
        setState(this.model, 'idle', Date.now(), events);
      });
      void robotLog(
        this,
        'warning',
        'update',
        formatLogEvent('device_update_failed', { version: update.version, reason: result.reason }),
      );
      return this.reportUpgrade(update.recordId, 'failed', { reason: result.reason });
    }
    await this.reportUpgrade(update.recordId, 'download_complete');
    update.stage = 'installing';
    this.model.stateSince = Date.now();
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
    if (!msg.success) return void robotLog(this, 'warning', 'command', formatLogEvent('device_command_invalid'));
    if (msg.data.command === CREDENTIAL_COMMAND) {
      const taken =
        this.link?.takeCredential(msg.data.args, (password) => {
          this.opts.deviceKey = password;
          this.opts.onCredential?.(password);
        }) ?? false;
      return void this.answer(
        msg.data.id,
        { command: msg.data.command },
        taken ? { ok: true } : { ok: false, error: 'invalid_credential' },
      );
    }
    const events: ModelEvent[] = [];
    const outcome = applyCommand(this.model, msg.data, this.map, Date.now(), events);
    this.emitEvents(events);
    void this.answer(msg.data.id, { command: msg.data.command }, outcome);
  }

  private onConfigWrite(group: string, payload: Buffer) {
    const msg = configWritePayload.safeParse(parseJson(payload));
    if (!msg.success) return void robotLog(this, 'warning', 'config', formatLogEvent('device_config_invalid'));
    const events: ModelEvent[] = [];
    const outcome = applyConfigWrite(this.model, group, msg.data.data, events);
    this.emitEvents(events);
    void this.answer(msg.data.id, { group }, outcome);
  }

  /** Acks first, then does what needs the connection to go away, so the ack is never lost. */
  private async answer(id: string, what: { command: string } | { group: string }, outcome: CommandOutcome) {
    const ack: AckPayload = { id, ok: outcome.ok, ...(outcome.ok ? {} : { error: outcome.error }), ts: now() };
    this.logAnswer(what, outcome);
    await this.link?.publish(topics.robotAck(this.sn), ack);
    this.emit('ack', ack);
    if (!outcome.ok || !outcome.after) return;
    if (outcome.after === 'report') await this.link?.publish(topics.robotConfigReport(this.sn), this.model.config, true);
    if (outcome.after === 'reload_map' && this.model.trackId !== undefined) {
      this.link?.refresh(topics.trackMap(this.model.trackId));
      void this.fetchAudio(this.model.trackId);
    }
    if (outcome.after === 'restart') this.reboot();
    if (outcome.after === 'update') await this.runUpdate();
    if (outcome.after === 'remove') await this.remove();
  }

  /** A command is logged done or refused; a settings write only when refused (applying it logs already). */
  private logAnswer(what: { command: string } | { group: string }, outcome: CommandOutcome) {
    if ('command' in what) {
      const message = outcome.ok
        ? formatLogEvent('device_command_done', what)
        : formatLogEvent('device_command_refused', { ...what, error: outcome.error });
      return void robotLog(this, outcome.ok ? 'info' : 'warning', 'command', message);
    }
    if (!outcome.ok)
      void robotLog(this, 'warning', 'config', formatLogEvent('device_config_refused', { ...what, error: outcome.error }));
  }

  /** The track's audio clips over HTTP, logged on the broker and emitted as `audio` (or `audio-error`). */
  private async fetchAudio(trackId: number) {
    if (!this.opts.apiUrl) return;
    try {
      const fetched = await fetchTrackAudio(this.opts.apiUrl, this.sn, this.opts.deviceKey, trackId);
      this.audio = fetched.clips;
      void robotLog(
        this,
        'info',
        'audio',
        formatLogEvent('device_audio_fetched', { clips: fetched.clips.length, bytes: fetched.bytes }),
      );
      this.emit('audio', fetched);
    } catch (error) {
      void robotLog(this, 'warning', 'audio', formatLogEvent('device_audio_failed', { reason: (error as Error).message }));
      this.emit('audio-error', error);
    }
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
    void robotLog(this, 'info', 'state', formatLogEvent('device_restarting'));
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
