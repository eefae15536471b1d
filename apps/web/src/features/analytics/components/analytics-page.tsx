import type { AnalyticsExportTable } from '@railserve/protocol';
import { Alert, Card, Col, Empty, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { useAvailability } from '../api/get-availability.ts';
import { useDeliveries } from '../api/get-deliveries.ts';
import { useUtilisation } from '../api/get-utilisation.ts';
import { useAnalyticsExport } from '../hooks/use-analytics-export.ts';
import { useAnalyticsView } from '../hooks/use-analytics-view.ts';
import { ANALYTICS_CSS } from './analytics-styles.ts';
import { AnalyticsToolbar } from './analytics-toolbar.tsx';
import { AvailabilityChart } from './availability-chart.tsx';
import { DeliveryHeatMap } from './delivery-heat-map.tsx';
import { ExportMenu } from './export-menu.tsx';
import { RobotUtilisationChart } from './robot-utilisation-chart.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { TableDeliveriesChart } from './table-deliveries-chart.tsx';
import { TrackComparison } from './track-comparison.tsx';

type PanelProps = { title: string; children: ReactNode; empty: boolean; extra?: ReactNode };

function Panel({ title, children, empty, extra }: PanelProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} className="analytics-panel" extra={empty ? undefined : extra}>
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
  const { exportTable, exporting } = useAnalyticsExport(params);
  const exportOf = (table: AnalyticsExportTable) => (
    <ExportMenu table={table} onExport={exportTable} busy={exporting === table} />
  );
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
              <Panel title={t('analytics.charts.heatMap')} extra={exportOf('heatMap')} empty={!d}>
                {d && <DeliveryHeatMap cells={d.byWeekdayHour} />}
              </Panel>
            </Col>
            <Col xs={24} xl={12}>
              <Panel title={t('analytics.charts.perTable')} extra={exportOf('perTable')} empty={!d?.byTable.length}>
                {d && <TableDeliveriesChart rows={d.byTable} />}
              </Panel>
            </Col>
            <Col xs={24} xl={12}>
              <Panel
                title={t('analytics.charts.perRobot')}
                extra={exportOf('perRobot')}
                empty={!utilisation.data?.byRobot.length}
              >
                {utilisation.data && <RobotUtilisationChart rows={utilisation.data.byRobot} />}
              </Panel>
            </Col>
            <Col xs={24} xl={12}>
              <Panel
                title={t('analytics.charts.availability')}
                extra={exportOf('availability')}
                empty={!availability.data?.byTrack.length}
              >
                {availability.data && <AvailabilityChart series={availability.data.series} granularity={params.granularity} />}
              </Panel>
            </Col>
            <Col xs={24}>
              <Card
                size="small"
                title={t('analytics.charts.perTrack')}
                className="analytics-panel"
                extra={availability.data?.byTrack.length ? exportOf('perTrack') : undefined}
              >
                <TrackComparison rows={availability.data?.byTrack ?? []} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
