import type { LogRecord } from '@railserve/protocol';
import { Alert, Card, Flex, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { mayDo } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { browserTimeZone } from '../../../lib/labels.ts';
import { useLogs } from '../api/list-logs.ts';
import { useLogActions } from '../hooks/use-log-actions.ts';
import { filtersOf, useLogParams } from '../hooks/use-log-params.ts';
import { LogDetailDialog } from './log-detail-dialog.tsx';
import { LogFilters } from './log-filters.tsx';
import { LogTable } from './log-table.tsx';
import { LogToolbar } from './log-toolbar.tsx';

/** /logs: system, track and robot logs with every filter, paging or none, details, export and delete. */
export function LogsPage() {
  const { t } = useTranslation();
  const { user: me } = useCurrentUser();
  const [params, setParams] = useLogParams();
  const filters = useMemo(() => filtersOf(params), [params]);
  const tz = useMemo(browserTimeZone, []);
  const logs = useLogs(params, tz);
  const [detail, setDetail] = useState<LogRecord>();
  const [selected, setSelected] = useState<Key[]>([]);
  const canDelete = mayDo(me, 'logs.delete');
  const total = logs.data ? `${logs.data.total.toLocaleString()}${logs.data.totalCapped ? '+' : ''}` : '';
  const actions = useLogActions({ filters, tz, matching: total, selected, clearSelection: () => setSelected([]) });

  return (
    <Card>
      <PageHeading>{t('routes.logs')}</PageHeading>
      <LogFilters
        params={params}
        onApply={(patch) => {
          setSelected([]);
          setParams(patch, true);
        }}
      />
      <LogToolbar
        pageSize={params.pageSize}
        onPageSize={(pageSize) => setParams({ pageSize })}
        onReload={() => void logs.refetch()}
        onExport={mayDo(me, 'logs.export') ? actions.exportAs : undefined}
        exporting={actions.exporting}
        onDeleteSelected={canDelete ? actions.deleteSelected : undefined}
        onDeleteMatching={canDelete ? actions.deleteMatching : undefined}
        selected={selected.length}
        deleting={actions.deleting}
      />
      {logs.isError ? (
        <Alert type="error" showIcon title={actionFailed(t, t('logs.actions.load'), logs.error)} style={{ marginBottom: 16 }} />
      ) : null}
      {logs.data?.partialSearch ? (
        <Alert type="info" showIcon title={t('logs.paging.partialSearch')} style={{ marginBottom: 16 }} />
      ) : logs.data?.truncated ? (
        <Alert
          type="warning"
          showIcon
          title={t('logs.paging.truncated', { limit: logs.data.items.length.toLocaleString() })}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Flex justify="space-between" wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary" data-testid="logs-total">
          {logs.data ? t('logs.paging.total', { total }) : ''}
        </Typography.Text>
        {selected.length > 0 ? <Typography.Text>{t('logs.paging.selected', { count: selected.length })}</Typography.Text> : null}
      </Flex>
      <LogTable
        data={logs.data}
        loading={logs.isFetching}
        selection={canDelete ? { keys: selected, onChange: setSelected } : undefined}
        onOpen={setDetail}
        onPageChange={(page) => setParams({ page })}
      />
      <LogDetailDialog record={detail} onClose={() => setDetail(undefined)} />
    </Card>
  );
}
