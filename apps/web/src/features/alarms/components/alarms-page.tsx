import type { Alarm } from '@railserve/protocol';
import { Alert, App, Button, Card, Flex, Select, Space, Typography } from 'antd';
import { type Key, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { mayDo } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useAcknowledgeAlarms } from '../api/acknowledge-alarms.ts';
import { type Choice, useAlarmTrackChoices, useAssignees } from '../api/alarm-choices.ts';
import { useAssignAlarms } from '../api/assign-alarms.ts';
import { useAlarms } from '../api/list-alarms.ts';
import { alarmFiltersOf, useAlarmParams } from '../hooks/use-alarm-params.ts';
import { AlarmDrawer } from './alarm-drawer.tsx';
import { AlarmFilters } from './alarm-filters.tsx';
import { AlarmTable } from './alarm-table.tsx';

const nameFrom = (choices: Choice<number>[] | undefined) => (id: number) =>
  choices?.find((c) => c.value === id)?.label ?? `#${id}`;

type AlarmsPageProps = {
  /** Above the filters (app/: the list and report tabs). */
  header?: ReactNode;
  /** More of the open alarm in its drawer (app/: the robot, its map, its logs). */
  drawerExtra?: (alarm: Alarm) => ReactNode;
};

/** /alarms: every alarm, filtered and live; bulk acknowledge and assign; the drawer handles one (`?open=id`). */
export function AlarmsPage({ header, drawerExtra }: AlarmsPageProps = {}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useCurrentUser();
  const [params, setParams] = useAlarmParams();
  const filters = useMemo(() => alarmFiltersOf(params), [params]);
  const alarms = useAlarms(params);
  const assignees = useAssignees();
  const tracks = useAlarmTrackChoices();
  const [selected, setSelected] = useState<Key[]>([]);
  const [search, setSearch] = useSearchParams();
  const openParam = search.get('open');
  const openId = Number(openParam) || undefined;
  const open = useCallback(
    (id: number | undefined) => {
      const next = new URLSearchParams(search);
      if (id) next.set('open', String(id));
      else next.delete('open');
      setSearch(next, { replace: true });
    },
    [search, setSearch],
  );
  // `open=latest` (the dashboard's link) opens the newest alarm the filters find.
  const latest = openParam === 'latest' ? alarms.data?.items[0]?.id : undefined;
  useEffect(() => {
    if (latest) open(latest);
  }, [latest, open]);
  const canHandle = mayDo(user, 'alarms.handle');
  const ack = useAcknowledgeAlarms();
  const assign = useAssignAlarms();
  const ids = selected.map(Number);
  const report = (action: string) => ({
    onSuccess: ({ results }: { results: { ok: boolean }[] }) => {
      const done = results.filter((r) => r.ok).length;
      void message.info(t('alarms.bulk.result', { done, skipped: results.length - done }));
      setSelected([]);
    },
    onError: (error: unknown) => void message.error(actionFailed(t, t(action), error)),
  });
  const assigneeName = useMemo(() => nameFrom(assignees.data), [assignees.data]);
  const trackName = useMemo(() => nameFrom(tracks.data), [tracks.data]);

  return (
    <Card>
      <PageHeading>{t('routes.alarms')}</PageHeading>
      {header}
      <AlarmFilters
        filters={filters}
        onChange={(patch) => {
          setSelected([]);
          setParams(patch);
        }}
      />
      {alarms.isError ? (
        <Alert
          type="error"
          showIcon
          title={actionFailed(t, t('alarms.actions.load'), alarms.error)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary" data-testid="alarms-total">
          {alarms.data
            ? t('alarms.total', { total: `${alarms.data.total.toLocaleString()}${alarms.data.totalCapped ? '+' : ''}` })
            : ''}
        </Typography.Text>
        {canHandle && selected.length > 0 ? (
          <Space wrap>
            <Typography.Text>{t('alarms.bulk.selected', { count: selected.length })}</Typography.Text>
            <Button
              type="primary"
              loading={ack.isPending}
              onClick={() => ack.mutate(ids, report('alarms.actions.acknowledge'))}
              data-testid="alarms-bulk-ack"
            >
              {t('alarms.actions.acknowledge')}
            </Button>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('alarms.actions.assign')}
              aria-label={t('alarms.actions.assign')}
              options={assignees.data}
              value={null}
              onChange={(userId) => assign.mutate({ ids, userId }, report('alarms.actions.assign'))}
              style={{ minWidth: 180 }}
              data-testid="alarms-bulk-assign"
            />
          </Space>
        ) : null}
      </Flex>
      <AlarmTable
        data={alarms.data}
        loading={alarms.isFetching}
        trackName={trackName}
        assigneeName={assigneeName}
        selection={canHandle ? { keys: selected, onChange: setSelected } : undefined}
        onOpen={(alarm) => open(alarm.id)}
        onPageChange={(page, pageSize) => setParams({ page, pageSize })}
      />
      <AlarmDrawer
        id={openId}
        canHandle={canHandle}
        assignees={assignees.data}
        trackName={trackName}
        assigneeName={assigneeName}
        extra={drawerExtra}
        onClose={() => open(undefined)}
      />
    </Card>
  );
}
