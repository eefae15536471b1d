import { Alert, Card } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { mayDo } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { browserTimeZone } from '../../../lib/labels.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useAuditStats } from '../api/audit-stats.ts';
import { useAuditRecords } from '../api/list-audit.ts';
import { filtersOf, useAuditParams } from '../hooks/use-audit-params.ts';
import { AuditDetailDrawer } from './audit-detail-drawer.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { AuditStatsPanel } from './audit-stats-panel.tsx';
import { AuditTable } from './audit-table.tsx';
import { AuditToolbar } from './audit-toolbar.tsx';

/** /audit: filters, statistics, the list, a record's details, export and cleanup. */
export function AuditPage() {
  const { t } = useTranslation();
  const { user: me } = useCurrentUser();
  const [params, setParams] = useAuditParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const tz = useMemo(browserTimeZone, []);
  // On a phone the charts would push the list far down: they start hidden there.
  const narrow = useMediaQuery('(max-width: 768px)');
  const [showStats, setShowStats] = useState(!narrow);
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
        showStats={showStats}
        onToggleStats={() => setShowStats((shown) => !shown)}
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
      {showStats ? (
        stats.isError ? (
          <Alert
            type="error"
            showIcon
            title={actionFailed(t, t('audit.actions.loadStats'), stats.error)}
            style={{ marginBottom: 16 }}
          />
        ) : (
          <AuditStatsPanel stats={stats.data} loading={stats.isFetching} />
        )
      ) : null}
      <AuditTable
        data={records.data}
        loading={records.isFetching}
        onOpen={setDetailId}
        onPageChange={(page, pageSize) => setParams({ page, pageSize })}
      />
      <AuditDetailDrawer id={detailId} onClose={() => setDetailId(undefined)} />
    </Card>
  );
}
