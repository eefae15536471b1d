import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRobotConfig } from '../api/robot-config.ts';

/** A robot's configuration at a glance: volume, brightness, max speed and WiFi, as it last reported them. */
export function ConfigGlance({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const basic = useRobotConfig(sn, 'basic').data?.data;
  const motion = useRobotConfig(sn, 'motion').data?.data;
  const network = useRobotConfig(sn, 'network').data?.data;
  if (!basic && !motion && !network) return <Typography.Text type="secondary">{t('robots.config.notReported')}</Typography.Text>;
  const item = (label: string, value: unknown) =>
    value === undefined ? null : (
      <Typography.Text key={label} style={{ whiteSpace: 'nowrap' }}>
        <Typography.Text type="secondary">{label}</Typography.Text> {String(value)}
      </Typography.Text>
    );
  return (
    <Space size={12} wrap data-testid={`config-glance-${sn}`}>
      {item(t('robots.config.fields.volume'), basic?.volume)}
      {item(t('robots.config.fields.brightness'), basic?.brightness)}
      {item(t('robots.config.fields.maxSpeed'), motion?.maxSpeed)}
      {item(t('robots.config.fields.wifiSsid'), network?.wifiSsid)}
    </Space>
  );
}
