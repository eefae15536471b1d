import { PrinterOutlined } from '@ant-design/icons';
import { Button, DatePicker, Segmented, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useRobotChoices, useSessionChoices, useTrackChoices } from '../api/scope-choices.ts';
import type { AnalyticsView, ScopeKind } from '../hooks/use-analytics-view.ts';
import { PERIODS } from '../model/period.ts';

const SCOPES: ScopeKind[] = ['fleet', 'session', 'track', 'robot'];

/** Period (with a custom range) and scope of the analytics screen, and its print button. */
export function AnalyticsToolbar({ view, onChange }: { view: AnalyticsView; onChange: (next: Partial<AnalyticsView>) => void }) {
  const { t } = useTranslation();
  const sessions = useSessionChoices();
  const tracks = useTrackChoices();
  const robots = useRobotChoices();
  const options = { session: sessions.data, track: tracks.data, robot: robots.data, fleet: undefined }[view.scope];
  return (
    <Space wrap size={[12, 12]} className="analytics-toolbar" style={{ marginBottom: 16 }}>
      {/* Scrolls sideways on a narrow screen rather than cutting off the last periods. */}
      <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Segmented
          aria-label={t('analytics.period.label')}
          value={view.period}
          options={PERIODS.map((p) => ({ value: p, label: t(`analytics.period.${p}`) }))}
          onChange={(period) => onChange({ period })}
          data-testid="analytics-period"
        />
      </div>
      {view.period === 'custom' && (
        <DatePicker.RangePicker
          allowClear={false}
          value={view.custom ? [dayjs(view.custom[0]), dayjs(view.custom[1])] : undefined}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(dates) => dates?.[0] && dates[1] && onChange({ custom: [dates[0].toDate(), dates[1].toDate()] })}
        />
      )}
      <Select
        aria-label={t('analytics.scope.label')}
        style={{ width: 140 }}
        value={view.scope}
        options={SCOPES.map((s) => ({ value: s, label: t(`analytics.scope.${s}`) }))}
        onChange={(scope) => onChange({ scope, scopeValue: undefined })}
        data-testid="analytics-scope"
      />
      {view.scope !== 'fleet' && (
        <Select<number | string>
          showSearch
          optionFilterProp="label"
          style={{ width: 220 }}
          placeholder={t('analytics.scope.choose')}
          value={view.scopeValue}
          options={options ?? []}
          onChange={(scopeValue) => onChange({ scopeValue })}
          data-testid="analytics-scope-value"
        />
      )}
      <Button icon={<PrinterOutlined />} onClick={() => window.print()} className="analytics-no-print">
        {t('analytics.print')}
      </Button>
    </Space>
  );
}
