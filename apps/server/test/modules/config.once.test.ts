import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', mqttPort: 1883, mqttWsPort: 9001 });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.mqttUrl).toBeUndefined();
  });

  it('stops with one clear line naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('JWT_SECRET');
      expect(message.split('\n')).toHaveLength(1);
    }
  });

  it('names an instance only when INSTANCE_NAME says so, and refuses a name a broker id cannot carry', () => {
    expect(loadConfig({}).instanceName).toBeUndefined();
    expect(loadConfig({ INSTANCE_NAME: 'kitchen-2' }).instanceName).toBe('kitchen-2');
    for (const bad of ['two words', 'a/b', 'x'.repeat(65)]) {
      expect(() => loadConfig({ INSTANCE_NAME: bad }), bad).toThrow(/INSTANCE_NAME/);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', MQTT_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('accepts 0 as "pick a free port"', () => {
    expect(loadConfig({ PORT: '0', MQTT_PORT: '0' })).toMatchObject({ port: 0, mqttPort: 0 });
  });

  it('takes MQTT_DYNAMIC_SECURITY only as true or false, and only with an external broker', () => {
    expect(loadConfig({}).mqttDynamicSecurity).toBe(false);
    expect(loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_DYNAMIC_SECURITY: 'true' }).mqttDynamicSecurity).toBe(true);
    expect(() => loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_DYNAMIC_SECURITY: 'maybe' })).toThrow(
      /MQTT_DYNAMIC_SECURITY: must be true or false/,
    );
    expect(() => loadConfig({ MQTT_DYNAMIC_SECURITY: 'true' })).toThrow(/MQTT_DYNAMIC_SECURITY: needs MQTT_URL/);
  });

  it('takes the storage quotas in whole MiB, with defaults, and names a bad one', () => {
    expect(loadConfig({})).toMatchObject({
      audioQuotaPerTrackBytes: 200 * 1024 * 1024,
      uploadQuotaTotalBytes: 10_240 * 1024 * 1024,
    });
    expect(loadConfig({ AUDIO_QUOTA_PER_TRACK_MB: '5', UPLOAD_QUOTA_TOTAL_MB: '64' })).toMatchObject({
      audioQuotaPerTrackBytes: 5 * 1024 * 1024,
      uploadQuotaTotalBytes: 64 * 1024 * 1024,
    });
    for (const bad of ['0', '-1', '1.5', 'lots', '2000000']) {
      expect(() => loadConfig({ AUDIO_QUOTA_PER_TRACK_MB: bad }), bad).toThrow(
        /^Invalid configuration: AUDIO_QUOTA_PER_TRACK_MB: must be a whole number of MiB/,
      );
      expect(() => loadConfig({ UPLOAD_QUOTA_TOTAL_MB: bad }), bad).toThrow(
        /UPLOAD_QUOTA_TOTAL_MB: must be a whole number of MiB/,
      );
    }
  });
});
