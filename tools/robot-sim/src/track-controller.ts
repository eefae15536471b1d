import { EventEmitter } from 'node:events';
import {
  type AckPayload,
  CREDENTIAL_COMMAND,
  commandPayload,
  formatLogEvent,
  type LogPayload,
  parseJson,
  robotStatusPayload,
  type TrackStatusPayload,
  topicMatches,
  topics,
  trackMap,
} from '@railserve/protocol';
import { DeviceLink } from './device-link.ts';
import { now } from './robot-publish.ts';
import { reduceTrack } from './track-machine.ts';
import { initialTrackState, type TrackEffect, type TrackEvent, type TrackState, trackStatusOf } from './track-state.ts';

export type SimTrackControllerOptions = {
  url: string;
  trackId: number;
  /** Its broker password: its own credential from enrollment, or the shared DEVICE_KEY. */
  deviceKey: string;
  /** Told the new password when the server rotates the credential. */
  onCredential?: (password: string) => void;
  /** Robots already registered to this track (a real controller remembers them across restarts). */
  robots?: string[];
  /** The track's robot limit; more registered robots is error 1. */
  maxRobots?: number;
  /** How long initializing (status 1) takes after a map loads. */
  initMs?: number;
  reconnectPeriodMs?: number;
};

/**
 * The on-site controller of one track on the broker. All decisions are in the pure
 * track-machine; this class only carries its effects out. Emits 'status' and 'ack'.
 */
export class SimTrackController extends EventEmitter {
  readonly trackId: number;
  state: TrackState;
  link?: DeviceLink;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(readonly opts: SimTrackControllerOptions) {
    super();
    this.trackId = opts.trackId;
    this.state = initialTrackState(opts);
  }

  get status(): Omit<TrackStatusPayload, 'ts'> {
    return trackStatusOf(this.state);
  }

  async start() {
    this.link = new DeviceLink({
      url: this.opts.url,
      username: `track-${this.trackId}`,
      password: this.opts.deviceKey,
      clientId: `track_${this.trackId}`,
      reconnectPeriodMs: this.opts.reconnectPeriodMs,
      onMessage: (topic, payload) => this.onMessage(topic, payload),
      onConnect: () => this.run([{ type: 'publish_status' }]),
    });
    this.link.subscribe(topics.trackCommand(this.trackId));
    this.link.subscribe(topics.trackMap(this.trackId));
    this.link.subscribe(topics.robotStatus('+'));
    await this.link.ready();
  }

  async stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.link?.end();
  }

  dispatch(event: TrackEvent) {
    const { state, effects } = reduceTrack(this.state, event);
    this.state = state;
    this.run(effects);
  }

  private onMessage(topic: string, payload: Buffer) {
    if (topic === topics.trackCommand(this.trackId)) {
      const msg = commandPayload.safeParse(parseJson(payload));
      if (msg.success && msg.data.command === CREDENTIAL_COMMAND) {
        const taken =
          this.link?.takeCredential(msg.data.args, (password) => {
            this.opts.deviceKey = password;
            this.opts.onCredential?.(password);
          }) ?? false;
        const ack = { id: msg.data.id, ok: taken, ...(taken ? {} : { error: 'invalid_credential' }), ts: now() };
        void this.link?.publish(topics.trackAck(this.trackId), ack);
      } else if (msg.success) this.dispatch({ type: 'command', ...msg.data });
      else this.log('warning', 'command', formatLogEvent('device_command_invalid'));
    } else if (topic === topics.trackMap(this.trackId)) {
      if (payload.length === 0) return this.dispatch({ type: 'map', map: null });
      const map = trackMap.safeParse(parseJson(payload));
      if (map.success) this.dispatch({ type: 'map', map: map.data });
      else this.log('warning', 'map', formatLogEvent('device_map_invalid'));
    } else if (topicMatches(topics.robotStatus('+'), topic) && payload.length > 0) {
      // Every robot's status reaches every controller: skip other tracks' robots before validating.
      const json = parseJson(payload) as { sn?: string; trackId?: number } | null;
      if (json?.trackId !== this.trackId && !this.state.robots.includes(json?.sn ?? '')) return;
      const status = robotStatusPayload.safeParse(json);
      if (status.success) this.dispatch({ type: 'robot_status', status: status.data });
    }
  }

  private run(effects: TrackEffect[]) {
    for (const e of effects) {
      switch (e.type) {
        case 'publish_status': {
          const status: TrackStatusPayload = { ...trackStatusOf(this.state), ts: now() };
          void this.link?.publish(topics.trackStatus(this.trackId), status, true);
          this.emit('status', status);
          break;
        }
        case 'ack': {
          const ack: AckPayload = { id: e.id, ok: e.ok, ...(e.error ? { error: e.error } : {}), ts: now() };
          void this.link?.publish(topics.trackAck(this.trackId), ack);
          this.emit('ack', ack);
          break;
        }
        case 'robot_command':
          void this.link?.publish(topics.robotCommand(e.sn), { id: e.id, command: e.command, args: e.args, ts: now() });
          break;
        case 'log':
          this.log(e.level, e.logType, e.message, e.robotSn);
          break;
        case 'schedule': {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            this.dispatch(e.event);
          }, e.delayMs);
          this.timers.add(timer);
          break;
        }
        case 'reload_map':
          this.link?.refresh(topics.trackMap(this.trackId));
          break;
      }
    }
  }

  private log(level: LogPayload['level'], type: string, message: string, robotSn?: string) {
    const record: LogPayload = { ts: now(), level, type, message, trackId: this.trackId, ...(robotSn ? { robotSn } : {}) };
    void this.link?.publish(topics.log('track'), record);
  }
}
