import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrokerState, useBrokerStatus } from '../../lib/broker/broker-context.tsx';
import type { BrokerStatus } from '../../lib/broker/broker-store.ts';

const BADGE: Record<BrokerStatus, 'success' | 'processing' | 'error' | 'default'> = {
  connected: 'success',
  connecting: 'processing',
  error: 'error',
  disconnected: 'default',
};

/** The header's broker connection indicator with the spec's wording; `compact` shows the dot only. */
export function BrokerIndicator({ compact = false, testId = 'broker-indicator' }: { compact?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const status = useBrokerStatus();
  const error = useBrokerState((s) => s.connectionError);
  const serverIP = useBrokerState((s) => s.serverIP);
  const label = t(`mqtt.status.${status}`);
  const details = [
    `${t('layout.broker')}: ${label}`,
    serverIP ? t('layout.serverIP', { ip: serverIP }) : null,
    error ? t('mqtt.lastError', { error: t(`mqtt.error.${error}`) }) : null,
  ].filter(Boolean);
  return (
    <Tooltip title={details.map((line) => <div key={line}>{line}</div>)}>
      <span data-testid={testId} data-status={status} role="status" aria-label={label} style={{ whiteSpace: 'nowrap' }}>
        <Badge status={BADGE[status]} text={compact ? undefined : label} />
      </span>
    </Tooltip>
  );
}
