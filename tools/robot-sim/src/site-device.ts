import { type DeviceVersionPayload, type SiteDeviceKind, siteDeviceUsername, topics } from '@railserve/protocol';
import mqtt, { type MqttClient } from 'mqtt';

export type SimSiteDeviceOptions = {
  url: string;
  deviceKey: string;
  kind: SiteDeviceKind;
  sessionCode: string;
  version: string;
};

/**
 * A session's on-site server or ordering tablet as far as the console sees it: it signs in as
 * `site-{code}` / `tablet-{code}` and reports its version, retained, on `hcpro4/versions/...`.
 */
export class SimSiteDevice {
  private client?: MqttClient;
  readonly username: string;

  constructor(readonly opts: SimSiteDeviceOptions) {
    this.username = siteDeviceUsername(opts.kind, opts.sessionCode);
  }

  async start() {
    this.client = await mqtt.connectAsync(this.opts.url, {
      username: this.username,
      password: this.opts.deviceKey,
      clientId: this.username,
    });
    await this.report(this.opts.version);
  }

  /** Reports a version (as after an update of the device). */
  async report(version: string) {
    const payload: DeviceVersionPayload = {
      kind: this.opts.kind,
      sessionCode: this.opts.sessionCode,
      version,
      ts: new Date().toISOString(),
    };
    await this.client?.publishAsync(topics.deviceVersion(this.username), JSON.stringify(payload), { qos: 1, retain: true });
  }

  async stop() {
    await this.client?.endAsync();
  }
}
