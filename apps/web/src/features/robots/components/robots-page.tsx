import type { Robot } from '@railserve/protocol';
import { Alert, App, Button, Card, Flex } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { mayDo } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useBrokerStatus } from '../../../lib/broker/broker-context.tsx';
import { useDeviceCredentials } from '../../../lib/device-credentials.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useRobots } from '../api/list-robots.ts';
import { useRemoveRobot } from '../api/robot-mutations.ts';
import { useRobotCommand } from '../hooks/use-robot-command.ts';
import { useRobotFilters } from '../hooks/use-robot-filters.ts';
import { DEFAULT_ROBOT_SORT, type RobotSort } from '../model/robot-order.ts';
import { robotsView } from '../model/robots-view.ts';
import { RenameRobotDialog } from './rename-robot-dialog.tsx';
import { RobotSettingsDialog } from './robot-settings-dialog.tsx';
import { RobotsTable } from './robots-table.tsx';
import { RobotsToolbar } from './robots-toolbar.tsx';
import { SharedKeyPanel } from './shared-key-panel.tsx';

const NOTHING_YET = { rows: [], tracks: [], total: 0, settingsRobot: null };

/** /robots: the live fleet with search, filters, sorting, rename, settings, reload map and removal. */
export function RobotsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user: me } = useCurrentUser();
  const [filters, setFilters] = useRobotFilters();
  const [renaming, setRenaming] = useState<Robot | null>(null);
  const [settingsSn, setSettingsSn] = useState<string | null>(null);
  const [sort, setSort] = useState<RobotSort | undefined>(DEFAULT_ROBOT_SORT);
  const view = useMemo(() => robotsView({ filters, sort, settingsSn }), [filters, settingsSn, sort]);
  const robots = useRobots(view);
  const remove = useRemoveRobot();
  const { send, connected, stateOf } = useRobotCommand();
  // While (re)connecting the actions are disabled quietly; the warning is for a connection that is down.
  const brokerStatus = useBrokerStatus();
  const brokerDown = brokerStatus === 'error' || brokerStatus === 'disconnected';

  const { rows, tracks, total, settingsRobot } = robots.data ?? NOTHING_YET;
  const allowed = {
    rename: mayDo(me, 'robots.rename'),
    command: mayDo(me, 'robots.command'),
    remove: mayDo(me, 'robots.remove'),
  };

  const onRemove = async (robot: Robot) => {
    try {
      await remove.mutateAsync(robot.sn);
      void message.success(t('robots.remove.done', { sn: robot.sn }));
    } catch (error) {
      void message.error(actionFailed(t, t('robots.actions.remove'), error));
    }
  };

  const credentials = useDeviceCredentials('robot');

  return (
    <Card>
      <PageHeading>{t('routes.robots')}</PageHeading>
      <RobotsToolbar
        filters={filters}
        onChange={setFilters}
        tracks={tracks}
        shown={rows.length}
        total={total}
        onReload={() => void robots.refetch()}
        reloading={robots.isFetching}
      />
      {mayDo(me, 'devices.credentials') ? <SharedKeyPanel /> : null}
      {brokerDown ? (
        <Alert
          type="warning"
          showIcon
          title={t('mqtt.notConnected')}
          style={{ marginBottom: 16 }}
          data-testid="broker-required"
        />
      ) : null}
      {robots.isError ? (
        <Alert
          type="error"
          showIcon
          title={actionFailed(t, t('robots.actions.load'), robots.error)}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <RobotsTable
        rows={rows}
        credentials={credentials.data}
        loading={robots.isPending}
        sort={sort}
        onSort={setSort}
        emptyText={
          total > 0 && rows.length === 0 ? (
            <Flex vertical align="center" gap={8} data-testid="robots-no-match">
              {t('robots.noMatch', { total })}
              <Button onClick={() => setFilters({}, true)}>{t('robots.clearFilters')}</Button>
            </Flex>
          ) : undefined
        }
        allowed={allowed}
        connected={connected}
        reloading={(sn) => stateOf(sn, 'reload_map')?.status === 'sent'}
        onRename={setRenaming}
        onSettings={(robot) => setSettingsSn(robot.sn)}
        onReloadMap={(robot) => void send(robot.sn, { command: 'reload_map' })}
        onRemove={onRemove}
      />
      <RenameRobotDialog robot={renaming} onClose={() => setRenaming(null)} />
      <RobotSettingsDialog
        robot={settingsRobot}
        allowed={{
          command: allowed.command,
          configure: mayDo(me, 'robots.configure'),
          credentials: mayDo(me, 'devices.credentials'),
        }}
        connected={connected}
        onClose={() => setSettingsSn(null)}
      />
    </Card>
  );
}
