import type { AnalyticsToday } from '@railserve/protocol';
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { useToday } from '../api/get-today.ts';
import { formatShare } from '../model/figures.ts';

type TrackRow = AnalyticsToday['byTrack'][number];

/**
 * Today's deliveries and utilisation, for the whole fleet and per track, refreshed every 30 s:
 * the dashboard's operations card (every level; app/dashboard-route.tsx places it).
 */
export function TodayOperations() {
  const { t, i18n } = useTranslation();
  const today = useToday();
  const share = (v: number | null) => formatShare(v, i18n.language);
  const s = today.data?.summary;
  const stat = (id: string, title: string, value: string | number) => (
    <Col xs={8}>
      <Statistic title={title} value={value} loading={today.isPending} data-testid={`dashboard-today-${id}`} />
    </Col>
  );
  return (
    <Card size="small" title={t('analytics.today.title')} style={{ marginBottom: 16 }} data-testid="dashboard-today">
      {today.isError && <Alert type="error" showIcon title={actionFailed(t, t('analytics.today.title'), today.error)} />}
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {stat('deliveries', t('analytics.cards.deliveries'), s?.deliveries ?? 0)}
        {stat('utilisation', t('analytics.cards.utilisation'), share(s?.utilisation ?? null))}
        {stat('aborted', t('analytics.cards.aborted'), s?.aborted ?? 0)}
      </Row>
      <Table<TrackRow>
        size="small"
        rowKey="trackId"
        pagination={false}
        scroll={{ y: 240 }}
        loading={today.isPending}
        dataSource={today.data?.byTrack ?? []}
        data-testid="dashboard-today-tracks"
        locale={{ emptyText: t('analytics.today.empty') }}
        columns={[
          { key: 'name', title: t('analytics.columns.track'), dataIndex: 'name', ellipsis: true },
          { key: 'deliveries', title: t('analytics.columns.deliveries'), dataIndex: 'deliveries', align: 'right', width: 96 },
          {
            key: 'utilisation',
            title: t('analytics.columns.utilisation'),
            dataIndex: 'utilisation',
            align: 'right',
            width: 84,
            render: share,
          },
        ]}
      />
    </Card>
  );
}
