import { Card, Col, Row, Statistic } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { activeAlarms, ofTotal, robotsLowOnBattery, robotsOfHealth, robotsOnline, tracksInError } from '../model/figures.ts';
import type { FleetSummary } from '../model/fleet-summary.ts';

const RED = '#cf1322';
const AMBER = '#d48806';

type StatProps = { id: string; title: string; value: string | number; color?: string; loading: boolean };

/** One number of the fleet; it renders only when its own value changes, not when another one does. */
const Stat = memo(function Stat({ id, title, value, color, loading }: StatProps) {
  return (
    <Col xs={12} md={8} xl={4}>
      <Card size="small" style={{ height: '100%' }}>
        <Statistic
          title={title}
          value={value}
          loading={loading}
          styles={{ content: color ? { color } : undefined }}
          data-testid={`dashboard-stat-${id}`}
        />
      </Card>
    </Col>
  );
});

/** The fleet in six numbers; a number that needs someone's attention is coloured. */
export function FleetStats({ summary, loading }: { summary: FleetSummary; loading: boolean }) {
  const { t } = useTranslation();
  const stat = (id: string, title: string, value: string | number, color?: string) => (
    <Stat key={id} id={id} title={title} value={value} color={color} loading={loading} />
  );
  const warn = (n: number, color: string) => (n > 0 ? color : undefined);
  const critical = robotsOfHealth(summary, 'critical');
  const warning = robotsOfHealth(summary, 'warning');
  const alarms = activeAlarms(summary);
  const lowBattery = robotsLowOnBattery(summary);
  const troubled = tracksInError(summary);
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {stat('online', t('dashboard.stats.online'), ofTotal(robotsOnline(summary)))}
      {stat('critical', t('dashboard.stats.critical'), critical, warn(critical, RED))}
      {stat('warning', t('dashboard.stats.warning'), warning, warn(warning, AMBER))}
      {stat('alarms', t('dashboard.stats.alarms'), alarms, warn(alarms, RED))}
      {stat('lowBattery', t('dashboard.stats.lowBattery'), lowBattery, warn(lowBattery, AMBER))}
      {stat('tracksInError', t('dashboard.stats.tracksInError'), ofTotal(troubled), warn(troubled.count, RED))}
    </Row>
  );
}
