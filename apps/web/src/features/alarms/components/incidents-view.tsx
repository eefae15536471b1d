import type { AlarmIncident } from '@railserve/protocol';
import { alarmNameText } from '@railserve/protocol';
import { Alert, Segmented, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pagePagination } from '../../../components/ui/page-pagination.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useAlarmTrackChoices } from '../api/alarm-choices.ts';
import type { IncidentListParams } from '../api/alarm-ops-keys.ts';
import { useIncidents } from '../api/incidents.ts';
import { IncidentAlarms } from './incident-alarms.tsx';

type StateFilter = 'active' | 'cleared' | 'all';

/** Track incidents, newest first, live (the incident feed reads them again); a row unfolds its alarms. */
export function IncidentsView() {
  const { t } = useTranslation();
  const [state, setState] = useState<StateFilter>('active');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const params: IncidentListParams = { ...paging, ...(state === 'all' ? {} : { state }) };
  const incidents = useIncidents(params);
  const tracks = useAlarmTrackChoices();
  const trackName = useMemo(() => {
    const names = new Map(tracks.data?.map((c) => [c.value, c.label]));
    return (id: number) => names.get(id) ?? `#${id}`;
  }, [tracks.data]);
  const columns: TableColumnsType<AlarmIncident> = [
    { title: t('alarms.fields.track'), dataIndex: 'trackId', render: (_, i) => trackName(i.trackId) },
    { title: t('alarms.fields.code'), dataIndex: 'code', render: (_, i) => alarmNameText(t, i.code) },
    { title: t('alarm-ops.incidents.robots'), dataIndex: 'robotCount', align: 'right', width: 90 },
    {
      title: t('alarm-ops.incidents.points'),
      dataIndex: 'points',
      render: (_, i) => (i.points.length > 0 ? i.points.join(', ') : t('alarm-ops.incidents.pointsUnknown')),
    },
    {
      title: t('alarms.fields.state'),
      dataIndex: 'active',
      render: (_, i) => (
        <Tag color={i.active ? 'red' : 'default'}>{t(i.active ? 'alarms.states.active' : 'alarms.states.cleared')}</Tag>
      ),
    },
    { title: t('alarm-ops.incidents.openedAt'), dataIndex: 'openedAt', render: (_, i) => formatDateTime(i.openedAt) },
    { title: t('alarm-ops.incidents.closedAt'), dataIndex: 'closedAt', render: (_, i) => formatDateTime(i.closedAt) },
  ];
  return (
    <>
      <Segmented<StateFilter>
        value={state}
        onChange={(next) => {
          setState(next);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        options={[
          { value: 'active', label: t('alarms.states.active') },
          { value: 'cleared', label: t('alarms.states.cleared') },
          { value: 'all', label: t('alarm-ops.incidents.all') },
        ]}
        style={{ marginBottom: 12 }}
        data-testid="incidents-state"
      />
      {incidents.isError ? (
        <Alert type="error" showIcon title={actionFailed(t, t('alarm-ops.incidents.load'), incidents.error)} />
      ) : null}
      <Table<AlarmIncident>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={incidents.data?.items}
        loading={incidents.isFetching}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (incident) => <IncidentAlarms id={incident.id} /> }}
        pagination={pagePagination(incidents.data, t, (page, pageSize) => setPaging({ page, pageSize }))}
        locale={{ emptyText: t('alarm-ops.incidents.empty') }}
        data-testid="incidents-table"
      />
    </>
  );
}
