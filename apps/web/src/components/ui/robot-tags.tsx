import {
  type AlarmCode,
  BATTERY_CRITICAL_BELOW,
  BATTERY_WARNING_BELOW,
  type RobotConnection,
  type RobotHealth,
  type RobotState,
} from '@railserve/protocol';
import { Progress, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const CONNECTION_COLORS: Record<RobotConnection, string> = {
  online: 'success',
  offline: 'default',
  connecting: 'processing',
  error: 'error',
};
const HEALTH_COLORS: Record<RobotHealth, string> = { normal: 'green', warning: 'orange', critical: 'red' };
const STATE_COLORS: Partial<Record<RobotState, string>> = {
  idle: 'blue',
  goto: 'geekblue',
  return: 'geekblue',
  arrive: 'cyan',
  control: 'purple',
  upgrade: 'gold',
  alarm: 'red',
  wait_path: 'orange',
  init: 'processing',
};

export function ConnectionTag({ connection }: { connection: RobotConnection }) {
  const { t } = useTranslation();
  return <Tag color={CONNECTION_COLORS[connection]}>{t(`robots.connections.${connection}`)}</Tag>;
}

export function HealthTag({ health }: { health: RobotHealth }) {
  const { t } = useTranslation();
  return <Tag color={HEALTH_COLORS[health]}>{t(`robots.healths.${health}`)}</Tag>;
}

export function StateTag({ state }: { state: RobotState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state] ?? 'default'}>{t(`robots.states.${state}`)}</Tag>;
}

/** The first alarm by name, the rest as a count with every name in the tooltip. */
export function AlarmTags({ alarms }: { alarms: readonly AlarmCode[] }) {
  const { t } = useTranslation();
  if (alarms.length === 0) return <span>-</span>;
  const names = alarms.map((code) => t(`robots.alarms.${code}`));
  return (
    <Tooltip title={names.join('、')}>
      <Space size={2}>
        <Tag color="red" style={{ maxWidth: 170, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {names[0]}
        </Tag>
        {names.length > 1 ? <Tag color="red">+{names.length - 1}</Tag> : null}
      </Space>
    </Tooltip>
  );
}

// A new level shows at once: the bar's width animation (0.3 s) on a screen of robots whose levels
// change every few seconds would keep the page painting every frame.
const STILL_BAR = { track: { transition: 'none' } };

export function BatteryLevel({ battery }: { battery: number }) {
  const { t } = useTranslation();
  // The same thresholds as the health rule: red when critical, amber when it should charge soon.
  const status = battery < BATTERY_CRITICAL_BELOW ? 'exception' : 'normal';
  const color = battery < BATTERY_CRITICAL_BELOW ? undefined : battery < BATTERY_WARNING_BELOW ? '#faad14' : '#52c41a';
  return (
    <Progress
      aria-label={t('robots.fields.battery')}
      percent={Math.round(battery)}
      size="small"
      status={status}
      strokeColor={color}
      format={(p) => `${p}%`}
      styles={STILL_BAR}
      style={{ width: '100%', maxWidth: 110, margin: 0 }}
    />
  );
}
