import { Alert, Card, Col, Empty, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { useAvailability } from '../api/get-availability.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { useUtilisation } from '../api/get-utilisation.ts';
import { useAnalyticsView } from '../hooks/use-analytics-view.ts';
import { ANALYTICS_CSS } from './analytics-styles.ts';
import { AnalyticsToolbar } from './analytics-toolbar.tsx';
import { AvailabilityChart } from './availability-chart.tsx';
import { DeliveryHeatMap } from './delivery-heat-map.tsx';
import { RobotUtilisationChart } from './robot-utilisation-chart.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { TableDeliveriesChart } from './table-deliveries-chart.tsx';
import { TrackComparison } from './track-comparison.tsx';

function Panel({ title, children, empty }: { title: string; children: ReactNode; empty: boolean }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} className="analytics-panel">
      {empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics.charts.empty')} /> : children}
    </Card>
  );
}

/**
 * /analytics: deliveries, utilisation and availability of a period and scope (docs/analytics.md),
 * as summary cards with their change against the previous period, and charts; prints on one A4 page.
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { view, params, change } = useAnalyticsView();
  const deliveries = useDeliveries(params);
  const utilisation = useUtilisation(params);
  const availability = useAvailability(params);
  const waiting = !(view.scope === 'fleet' || view.scopeValue !== undefined);
  const failed = [deliveries, utilisation, availability].find((q) => q.isError);
  const d = deliveries.data;
  return (
    <div className="analytics-page">
      <style>{ANALYTICS_CSS}</style>
      <AnalyticsToolbar view={view} onChange={change} />
      {failed && (
        <Alert type="error" showIcon title={actionFailed(t, t('routes.analytics'), failed.error)} style={{ marginBottom: 16 }} />
      )}
      {!waiting && (
        <>
          <SummaryCards summary={d?.summary} previous={d?.previous} loading={deliveries.isPending} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Panel title={t('analytics.charts.heatMap')} empty={!d}>
                {d && <DeliveryHeatMap cells={d.byWeekdayHour} />}
              </Panel>
            </Col>
            <Col xs={24} xl={12}>
              <Panel title={t('analytics.charts.perTable')} empty={!d?.byTable.length}>
                {d && <TableDeliveriesChart rows={d.byTable} />}
              </Panel>
            </Col>
            <Col xs={24} xl={12}>
              <Panel title={t('analytics.charts.perRobot')} empty={!utilisation.data?.byRobot.length}>
                {utilisation.data && <RobotUtilisationChart rows={utilisation.data.byRobot} />}
              </Panel>
            </Col>
            <Col xs={24} xl={12}>
              <Panel title={t('analytics.charts.availability')} empty={!availability.data?.byTrack.length}>
                {availability.data && <AvailabilityChart series={availability.data.series} granularity={params.granularity} />}
              </Panel>
            </Col>
            <Col xs={24}>
              <Card size="small" title={t('analytics.charts.perTrack')} className="analytics-panel">
                <TrackComparison rows={availability.data?.byTrack ?? []} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
