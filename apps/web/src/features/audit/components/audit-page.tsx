import { BarChartOutlined } from '@ant-design/icons';
import { Alert, Card, Collapse } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { mayDo } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { browserTimeZone } from '../../../lib/labels.ts';
import { useAuditStats } from '../api/audit-stats.ts';
import { useAuditRecords } from '../api/list-audit.ts';
import { filtersOf, useAuditParams } from '../hooks/use-audit-params.ts';
import { AuditDetailDrawer } from './audit-detail-drawer.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { AuditStatsPanel } from './audit-stats-panel.tsx';
import { AuditTable } from './audit-table.tsx';
import { AuditToolbar } from './audit-toolbar.tsx';

/**
 * /audit: filters, the list first, a record's details, export and cleanup; the statistics fold
 * away below the list (closed until opened, and only then asked for).
 */
export function AuditPage() {
  const { t } = useTranslation();
  const { user: me } = useCurrentUser();
  const [params, setParams] = useAuditParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const tz = useMemo(browserTimeZone, []);
  const [showStats, setShowStats] = useState(false);
  const [detailId, setDetailId] = useState<number>();
  const records = useAuditRecords(params);
  const stats = useAuditStats(filters, tz, showStats);

  return (
    <Card>
      <PageHeading>{t('routes.system.audit')}</PageHeading>
      <AuditFilters params={params} onApply={(patch) => setParams(patch, true)} />
      <AuditToolbar
        filters={filters}
        tz={tz}
        canExport={mayDo(me, 'audit.export')}
        canCleanup={mayDo(me, 'audit.cleanup')}
        onReload={() => {
          void records.refetch();
          if (showStats) void stats.refetch();
        }}
      />
      {records.isError ? (
        <Alert
          type="error"
          showIcon
          title={actionFailed(t, t('audit.actions.load'), records.error)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <AuditTable
        data={records.data}
        loading={records.isFetching}
        onOpen={setDetailId}
        onPageChange={(page, pageSize) => setParams({ page, pageSize })}
      />
      <Collapse
        style={{ marginTop: 16 }}
        activeKey={showStats ? ['stats'] : []}
        onChange={(keys) => setShowStats(keys.includes('stats'))}
        data-testid="audit-stats-fold"
        items={[
          {
            key: 'stats',
            label: (
              <span>
                <BarChartOutlined /> {t('audit.stats.fold')}
              </span>
            ),
            children: stats.isError ? (
              <Alert type="error" showIcon title={actionFailed(t, t('audit.actions.loadStats'), stats.error)} />
            ) : (
              <AuditStatsPanel stats={stats.data} loading={stats.isFetching} />
            ),
          },
        ]}
      />
      <AuditDetailDrawer id={detailId} onClose={() => setDetailId(undefined)} />
    </Card>
  );
}
