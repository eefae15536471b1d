import type { MaintenanceWindow } from '@railserve/protocol';
import { Alert, App, Button, Flex, Popconfirm, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayDo } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useAlarmTrackChoices } from '../api/alarm-choices.ts';
import { useEndMaintenance, useMaintenanceWindows } from '../api/maintenance.ts';
import { MaintenanceForm } from './maintenance-form.tsx';

/** The maintenance windows open now; levels 0-2 open and end them. */
export function MaintenancePanel() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useCurrentUser();
  const canHandle = mayDo(user, 'alarms.handle');
  const windows = useMaintenanceWindows();
  const tracks = useAlarmTrackChoices();
  const end = useEndMaintenance();
  const [creating, setCreating] = useState(false);
  const trackName = useMemo(() => {
    const names = new Map(tracks.data?.map((c) => [c.value, c.label]));
    return (id: number) => names.get(id) ?? `#${id}`;
  }, [tracks.data]);
  const columns: TableColumnsType<MaintenanceWindow> = [
    {
      title: t('alarm-ops.maintenance.target'),
      key: 'target',
      render: (_, w) =>
        w.robotSn
          ? t('alarm-ops.maintenance.robotTarget', { name: w.robotSn })
          : t('alarm-ops.maintenance.trackTarget', { name: trackName(w.trackId ?? 0) }),
    },
    { title: t('alarm-ops.maintenance.until'), dataIndex: 'until', render: (_, w) => formatDateTime(w.until) },
    { title: t('alarm-ops.maintenance.reason'), dataIndex: 'reason', render: (_, w) => w.reason ?? '-' },
    { title: t('alarm-ops.maintenance.createdBy'), dataIndex: 'createdBy' },
    ...(canHandle
      ? [
          {
            title: t('alarm-ops.maintenance.actions'),
            key: 'actions',
            render: (_: unknown, w: MaintenanceWindow) => (
              <Popconfirm
                title={t('alarm-ops.maintenance.endConfirm')}
                okText={t('alarm-ops.maintenance.end')}
                cancelText={t('common.actions.cancel')}
                onConfirm={() =>
                  end.mutate(w.id, {
                    onSuccess: () => void message.success(t('alarm-ops.maintenance.ended')),
                    onError: (error) => void message.error(actionFailed(t, t('alarm-ops.maintenance.end'), error)),
                  })
                }
              >
                <Button size="small" danger data-testid={`maintenance-end-${w.id}`}>
                  {t('alarm-ops.maintenance.end')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('alarm-ops.maintenance.explain')}</Typography.Text>
        {canHandle ? (
          <Button type="primary" onClick={() => setCreating(true)} data-testid="maintenance-new">
            {t('alarm-ops.maintenance.new')}
          </Button>
        ) : null}
      </Flex>
      {windows.isError ? (
        <Alert type="error" showIcon title={actionFailed(t, t('alarm-ops.maintenance.load'), windows.error)} />
      ) : null}
      <Table<MaintenanceWindow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={windows.data}
        loading={windows.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: t('alarm-ops.maintenance.empty') }}
        data-testid="maintenance-table"
      />
      {creating ? <MaintenanceForm trackChoices={tracks.data} onClose={() => setCreating(false)} /> : null}
    </>
  );
}
