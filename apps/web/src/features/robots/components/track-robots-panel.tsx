import { SettingOutlined } from '@ant-design/icons';
import type { Robot } from '@railserve/protocol';
import { Alert, App, Button, Card, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BatteryLevel, ConnectionTag, HealthTag, StateTag } from '../../../components/ui/robot-tags.tsx';
import { mayDo } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useBrokerStatus } from '../../../lib/broker/broker-context.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { useRobots } from '../api/list-robots.ts';
import { BulkConfigDialog } from './bulk-config-dialog.tsx';
import { ConfigGlance } from './config-glance.tsx';
import { RobotSettingsDialog } from './robot-settings-dialog.tsx';

type PanelRow = { sn: string; robot?: Robot };

/**
 * The robot settings panel of a track: its robots' live state and configuration at a glance,
 * each opening the robots screen's settings dialog, and one group applied to several at once.
 */
export function TrackRobotsPanel({ sns }: { sns: readonly string[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useCurrentUser();
  const robots = useRobots();
  const connected = useBrokerStatus() === 'connected';
  const [selected, setSelected] = useState<string[]>([]);
  const [settingsSn, setSettingsSn] = useState<string | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const canConfigure = mayDo(user, 'robots.configure');

  const bySn = new Map((robots.data ?? []).map((r) => [r.sn, r]));
  const rows: PanelRow[] = sns.map((sn) => ({ sn, robot: bySn.get(sn) }));
  const chosen = selected.filter((sn) => sns.includes(sn));

  return (
    <Card size="small" data-testid="track-robots-panel">
      {robots.isError ? <Alert type="error" showIcon title={actionFailed(t, t('robots.actions.load'), robots.error)} /> : null}
      {canConfigure ? (
        <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            icon={<SettingOutlined />}
            onClick={() => (chosen.length ? setBulkOpen(true) : void message.warning(t('robots.bulk.noneSelected')))}
            data-testid="bulk-open"
          >
            {t('robots.bulk.open')}
          </Button>
          <Typography.Text type="secondary">{t('robots.bulk.selected', { count: chosen.length })}</Typography.Text>
        </Flex>
      ) : null}
      <Table<PanelRow>
        rowKey="sn"
        size="small"
        loading={robots.isPending}
        pagination={false}
        dataSource={rows}
        // At 1280 px the card has about 930 px: the settings glance wraps, the actions stay in view.
        scroll={{ x: 760 }}
        locale={{ emptyText: t('robots.panel.empty') }}
        rowSelection={canConfigure ? { selectedRowKeys: chosen, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        onRow={(row) => ({ 'data-testid': `panel-robot-${row.sn}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'name',
            title: t('robots.fields.name'),
            width: 130,
            render: (_, { sn, robot }) => (
              <Flex vertical>
                <Typography.Text strong>{robot?.name ?? sn}</Typography.Text>
                {robot && robot.name !== sn ? <Typography.Text type="secondary">{sn}</Typography.Text> : null}
              </Flex>
            ),
          },
          {
            key: 'live',
            title: t('robots.panel.live'),
            width: 190,
            render: (_, { robot }) =>
              robot ? (
                <Flex gap={4} wrap>
                  <ConnectionTag connection={robot.connection} />
                  <StateTag state={robot.state} />
                  <HealthTag health={robot.health} />
                </Flex>
              ) : (
                <Typography.Text type="secondary">{t('robots.panel.unregistered')}</Typography.Text>
              ),
          },
          {
            key: 'battery',
            title: t('robots.fields.battery'),
            width: 140,
            render: (_, { robot }) => (robot ? <BatteryLevel battery={robot.battery} /> : null),
          },
          {
            key: 'config',
            title: t('robots.panel.config'),
            render: (_, { sn, robot }) => (robot ? <ConfigGlance sn={sn} /> : null),
          },
          {
            key: 'actions',
            title: t('robots.fields.actions'),
            width: 110,
            render: (_, { sn, robot }) => (
              <Button
                size="small"
                icon={<SettingOutlined />}
                disabled={!robot}
                onClick={() => setSettingsSn(sn)}
                data-testid={`panel-settings-${sn}`}
              >
                {t('robots.actions.settings')}
              </Button>
            ),
          },
        ]}
      />
      <RobotSettingsDialog
        robot={settingsSn ? (bySn.get(settingsSn) ?? null) : null}
        allowed={{
          command: mayDo(user, 'robots.command'),
          configure: canConfigure,
          credentials: mayDo(user, 'devices.credentials'),
        }}
        connected={connected}
        onClose={() => setSettingsSn(null)}
      />
      <BulkConfigDialog sns={chosen} open={bulkOpen} connected={connected} onClose={() => setBulkOpen(false)} />
    </Card>
  );
}
