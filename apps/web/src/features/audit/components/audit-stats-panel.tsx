import type { AuditStats } from '@railserve/protocol';
import { Card, Col, Row, Skeleton, Spin, Statistic } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { auditResultLabelKey, auditTypeLabelKey } from '../model/audit-labels.ts';
import { fillDays } from '../model/value-diff.ts';
import type { CountBar } from './count-bar-chart.tsx';

// The chart library is most of this page's weight: the list must not wait for it.
const CountBarChart = lazy(async () => ({ default: (await import('./count-bar-chart.tsx')).CountBarChart }));

const height = (data: CountBar[], layout: 'horizontal' | 'vertical') =>
  layout === 'horizontal' ? Math.max(120, data.length * 26) : 220;

const RESULT_COLORS = { success: '#52c41a', failed: '#ff4d4f', partial: '#faad14' } as const;

/** Counts by type, result, user and day for the current filters. */
export function AuditStatsPanel({ stats, loading }: { stats: AuditStats | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const failed = stats?.byResult.find((bucket) => bucket.key === 'failed')?.count ?? 0;
  const byType: CountBar[] = (stats?.byType ?? []).map((b) => ({ label: t(auditTypeLabelKey(b.key)), count: b.count }));
  const byResult: CountBar[] = (stats?.byResult ?? []).map((b) => ({
    label: t(auditResultLabelKey(b.key)),
    count: b.count,
    color: RESULT_COLORS[b.key],
  }));
  const byUser: CountBar[] = (stats?.byUser ?? []).map((b) => ({ label: b.key ?? t('audit.stats.anonymous'), count: b.count }));
  const byDay: CountBar[] = fillDays(stats?.byDay ?? []).map((b) => ({ label: b.key, count: b.count }));
  const chart = (title: string, data: CountBar[], layout: 'horizontal' | 'vertical', testId: string, span = 12) => (
    <Col xs={24} lg={span}>
      <Card size="small" title={title} role="figure" aria-label={title}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <CountBarChart data={data} layout={layout} height={height(data, layout)} testId={testId} />
        </Suspense>
      </Card>
    </Col>
  );

  return (
    <Spin spinning={loading && !!stats}>
      <section aria-label={t('audit.stats.title')} data-testid="audit-stats" style={{ marginBottom: 16 }}>
        <Row gutter={[12, 12]}>
          <Col xs={8}>
            <Statistic
              title={t('audit.stats.total')}
              value={stats?.total ?? 0}
              loading={!stats}
              data-testid="audit-stats-total"
            />
          </Col>
          <Col xs={8}>
            <Statistic
              title={t('audit.stats.failed')}
              value={failed}
              loading={!stats}
              styles={{ content: failed ? { color: RESULT_COLORS.failed } : undefined }}
              data-testid="audit-stats-failed"
            />
          </Col>
          <Col xs={8}>
            <Statistic title={t('audit.stats.users')} value={stats?.byUser.length ?? 0} loading={!stats} />
          </Col>
          {chart(t('audit.stats.byDay'), byDay, 'vertical', 'audit-chart-day', 24)}
          {chart(t('audit.stats.byType'), byType, 'horizontal', 'audit-chart-type')}
          {chart(t('audit.stats.byResult'), byResult, 'horizontal', 'audit-chart-result')}
          {chart(t('audit.stats.byUser'), byUser, 'horizontal', 'audit-chart-user', 24)}
        </Row>
      </section>
    </Spin>
  );
}
