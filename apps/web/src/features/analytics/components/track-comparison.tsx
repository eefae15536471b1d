import type { AnalyticsAvailability } from '@railserve/protocol';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatShare } from '../model/figures.ts';

type Row = AnalyticsAvailability['byTrack'][number];

/** Every track of the scope side by side. */
export function TrackComparison({ rows }: { rows: Row[] }) {
  const { t, i18n } = useTranslation();
  const share = (v: number | null) => formatShare(v, i18n.language);
  return (
    <Table<Row>
      size="small"
      rowKey="trackId"
      pagination={false}
      dataSource={rows}
      data-testid="analytics-per-track"
      locale={{ emptyText: t('analytics.charts.empty') }}
      columns={[
        { key: 'name', title: t('analytics.columns.track'), dataIndex: 'name' },
        { key: 'deliveries', title: t('analytics.columns.deliveries'), dataIndex: 'deliveries', align: 'right' },
        { key: 'aborted', title: t('analytics.columns.aborted'), dataIndex: 'aborted', align: 'right' },
        {
          key: 'utilisation',
          title: t('analytics.columns.utilisation'),
          dataIndex: 'utilisation',
          align: 'right',
          render: share,
        },
        {
          key: 'availability',
          title: t('analytics.columns.availability'),
          dataIndex: 'availability',
          align: 'right',
          render: share,
        },
        {
          key: 'distance',
          title: t('analytics.columns.distance'),
          dataIndex: 'distance',
          align: 'right',
          render: (v: number) => formatNumber(v, i18n.language),
        },
      ]}
    />
  );
}
