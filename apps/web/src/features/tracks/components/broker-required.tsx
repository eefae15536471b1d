import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown above command controls while the broker connection is down; the controls are disabled then. */
export function BrokerRequired({ connected }: { connected: boolean }) {
  const { t } = useTranslation();
  if (connected) return null;
  return (
    <Alert type="warning" showIcon title={t('mqtt.notConnected')} style={{ marginBottom: 16 }} data-testid="broker-required" />
  );
}
