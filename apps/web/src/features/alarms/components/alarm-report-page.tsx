import { ALARM_REPORT_GROUPINGS, ALARM_REPORT_MAX_DAYS, type AlarmReportGrouping } from '@railserve/protocol';
import { Alert, App, Button, Card, Col, DatePicker, Flex, Row, Space, Statistic, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { isLocale } from '../../../lib/i18n.ts';
import { browserTimeZone } from '../../../lib/labels.ts';
import { useAlarmReport, useExportAlarmReport } from '../api/alarm-report.ts';
import { durationText, lastDays, periodOf, type ReportDays, tooLong } from '../model/report-format.ts';
import { AlarmReportTable } from './alarm-report-table.tsx';

const PRESETS = [7, 30, 90] as const;

/** The alarm report ("Numbers"): a period's alarms per robot, per track and per code, exported like logs. */
export function AlarmReportPage({ header }: { header?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [days, setDays] = useState<ReportDays>(() => lastDays(7));
  const [groupBy, setGroupBy] = useState<AlarmReportGrouping>('robot');
  const period = useMemo(() => periodOf(days), [days]);
  const report = useAlarmReport(period);
  const exporting = useExportAlarmReport();
  const total = report.data?.total;
  const lang = isLocale(i18n.language) ? i18n.language : 'zh-TW';
  const exportAs = (format: 'csv' | 'xlsx') =>
    exporting.mutate(
      { ...period, groupBy, format, lang, tz: browserTimeZone() },
      { onError: (error) => void message.error(actionFailed(t, t(`alarm-report.export.${format}`), error)) },
    );

  return (
    <Card>
      <PageHeading>{t('routes.alarms')}</PageHeading>
      {header}
      <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
        <Typography.Text>{t('alarm-report.period')}</Typography.Text>
        <DatePicker.RangePicker
          aria-label={t('alarm-report.period')}
          allowClear={false}
          value={days}
          onChange={(range) => {
            if (range?.[0] && range[1]) setDays([range[0], range[1]]);
          }}
          disabledDate={(day: Dayjs, info) => (info?.from ? tooLong(info.from, day) : false)}
          presets={PRESETS.map((n) => ({ label: t(`alarm-report.presets.last${n}`), value: lastDays(n) }))}
          data-testid="alarm-report-period"
        />
        <Typography.Text type="secondary">{t('alarm-report.maxDays', { days: ALARM_REPORT_MAX_DAYS })}</Typography.Text>
        {/* Exports the grouping shown below. */}
        <Space wrap style={{ marginLeft: 'auto' }}>
          <Button loading={exporting.isPending} onClick={() => exportAs('csv')} data-testid="alarm-report-csv">
            {t('alarm-report.export.csv')}
          </Button>
          <Button loading={exporting.isPending} onClick={() => exportAs('xlsx')} data-testid="alarm-report-xlsx">
            {t('alarm-report.export.xlsx')}
          </Button>
        </Space>
      </Flex>
      {report.isError ? (
        <Alert
          type="error"
          showIcon
          title={actionFailed(t, t('alarms.actions.load'), report.error)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="alarm-report-total">
        <Col xs={12} md={6}>
          <Statistic title={t('alarm-report.figures.count')} value={total?.count ?? '-'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('alarm-report.figures.meanAck')} value={total ? durationText(t, total.meanAckSeconds) : '-'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('alarm-report.figures.meanClear')} value={total ? durationText(t, total.meanClearSeconds) : '-'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('alarm-report.figures.downtime')} value={total ? durationText(t, total.downtimeSeconds) : '-'} />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary">{t('alarm-report.downtimeNote')}</Typography.Paragraph>
      <Tabs
        activeKey={groupBy}
        onChange={(key) => setGroupBy(key as AlarmReportGrouping)}
        items={ALARM_REPORT_GROUPINGS.map((key) => ({
          key,
          label: t(`alarm-report.groupings.${key}`),
          children: <AlarmReportTable report={report.data} groupBy={key} loading={report.isFetching} />,
        }))}
      />
    </Card>
  );
}
