export const alarmSettingsKeys = {
  all: ['alarm-settings'] as const,
  settings: ['alarm-settings', 'settings'] as const,
  webhooks: ['alarm-settings', 'webhooks'] as const,
  deliveries: (id: number) => ['alarm-settings', 'webhooks', id, 'deliveries'] as const,
};
