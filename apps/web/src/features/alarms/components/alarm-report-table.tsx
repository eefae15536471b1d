import type { AlarmReport, AlarmReportFigures, AlarmReportGrouping } from '@railserve/protocol';
import { alarmNameText } from '@railserve/protocol';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { durationText } from '../model/report-format.ts';

type Row = AlarmReportFigures & { key: string; name: string; href?: string };

/** The rows of one grouping, each named in the reader's language and linking to its alarms. */
function rowsOf(report: AlarmReport, groupBy: AlarmReportGrouping, named: (code: string) => string, noTrack: string): Row[] {
  if (groupBy === 'robot')
    return report.byRobot.map((r) => ({
      ...r,
      key: r.robotSn,
      name: r.robotName && r.robotName !== r.robotSn ? `${r.robotName} (${r.robotSn})` : r.robotSn,
      href: `/alarms?robotSn=${encodeURIComponent(r.robotSn)}`,
    }));
  if (groupBy === 'track')
    return report.byTrack.map((r) => ({
      ...r,
      key: String(r.trackId),
      name: r.trackId === null ? noTrack : (r.trackName ?? `#${r.trackId}`),
      href: r.trackId === null ? undefined : `/alarms?trackId=${r.trackId}`,
    }));
  return report.byCode.map((r) => ({ ...r, key: r.code, name: named(r.code), href: `/alarms?code=${r.code}` }));
}

type AlarmReportTableProps = { report: AlarmReport | undefined; groupBy: AlarmReportGrouping; loading: boolean };

/** One grouping of the report: count, mean times to acknowledge and to clear, downtime; busiest first. */
export function AlarmReportTable({ report, groupBy, loading }: AlarmReportTableProps) {
  const { t } = useTranslation();
  const rows = report ? rowsOf(report, groupBy, (code) => alarmNameText(t, code), t('alarm-report.noTrack')) : [];
  const nameColumn = { robot: 'robotName', track: 'trackName', code: 'codeName' }[groupBy];
  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: t(`alarm-report.columns.${nameColumn}`),
      render: (_, row) => (row.href ? <Link to={row.href}>{row.name}</Link> : row.name),
    },
    { key: 'count', title: t('alarm-report.columns.count'), dataIndex: 'count', align: 'right' },
    { key: 'acknowledged', title: t('alarm-report.columns.acknowledged'), dataIndex: 'acknowledged', align: 'right' },
    {
      key: 'meanAck',
      title: t('alarm-report.figures.meanAck'),
      align: 'right',
      render: (_, row) => durationText(t, row.meanAckSeconds),
    },
    { key: 'cleared', title: t('alarm-report.columns.cleared'), dataIndex: 'cleared', align: 'right' },
    {
      key: 'meanClear',
      title: t('alarm-report.figures.meanClear'),
      align: 'right',
      render: (_, row) => durationText(t, row.meanClearSeconds),
    },
    {
      key: 'downtime',
      title: t('alarm-report.figures.downtime'),
      align: 'right',
      render: (_, row) => durationText(t, row.downtimeSeconds),
    },
  ];
  return (
    <Table<Row>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('alarm-report.empty') }}
      data-testid={`alarm-report-${groupBy}`}
    />
  );
}
