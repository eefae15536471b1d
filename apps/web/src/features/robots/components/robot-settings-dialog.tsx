import { ROBOT_CONFIG_GROUPS, type Robot } from '@railserve/protocol';
import { Alert, Flex, Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CredentialPanel } from '../../../components/ui/credential-panel.tsx';
import { RobotAlarms } from '../../../components/ui/robot-alarms-slot.tsx';
import { ConnectionTag, HealthTag, StateTag } from '../../../components/ui/robot-tags.tsx';
import { RobotConfigForm } from './robot-config-form.tsx';
import { RobotControlTab } from './robot-control-tab.tsx';

export type SettingsPermissions = { command: boolean; configure: boolean; credentials: boolean };

type RobotSettingsDialogProps = {
  /** The live robot (its row in the list), so the dialog follows its status. */
  robot: Robot | null;
  allowed: SettingsPermissions;
  connected: boolean;
  onClose: () => void;
};

/** The robot settings dialog (spec section 2): tabs control, basic, advanced, motion, network. */
export function RobotSettingsDialog({ robot, allowed, connected, onClose }: RobotSettingsDialogProps) {
  const { t } = useTranslation();
  const online = robot?.connection === 'online';
  return (
    <Modal
      open={robot !== null}
      title={
        robot
          ? robot.name === robot.sn
            ? t('robots.settings.titleSn', { sn: robot.sn })
            : t('robots.settings.title', { name: robot.name, sn: robot.sn })
          : ''
      }
      footer={null}
      onCancel={onClose}
      width={760}
      // Fits an 800 px high window: the body scrolls, each tab's Apply row sticks to its bottom. One
      // height for every tab, so the dialog does not jump while the operator switches tabs.
      centered
      styles={{ body: { height: 'min(680px, calc(100vh - 140px))', overflowY: 'auto', overflowX: 'hidden' } }}
      destroyOnHidden
      data-testid="robot-settings-dialog"
    >
      {robot ? (
        <>
          <Flex gap={4} wrap style={{ marginBottom: 12 }}>
            <ConnectionTag connection={robot.connection} />
            <StateTag state={robot.state} />
            <HealthTag health={robot.health} />
          </Flex>
          {robot.alarms.length > 0 ? (
            <Alert
              type="error"
              showIcon
              title={t('robots.settings.alarms', { alarms: robot.alarms.map((code) => t(`robots.alarms.${code}`)).join('、') })}
              description={<RobotAlarms sn={robot.sn} />}
              style={{ marginBottom: 12 }}
              data-testid="robot-alarms"
            />
          ) : null}
          {!connected ? (
            <Alert
              type="warning"
              showIcon
              title={t('mqtt.notConnected')}
              style={{ marginBottom: 12 }}
              data-testid="broker-required"
            />
          ) : null}
          {connected && !online ? (
            <Alert type="info" showIcon title={t('robots.settings.offline')} style={{ marginBottom: 12 }} />
          ) : null}
          <Tabs
            items={[
              {
                key: 'control',
                label: t('robots.tabs.control'),
                children: <RobotControlTab robot={robot} allowed={allowed.command} disabled={!connected || !online} />,
              },
              ...ROBOT_CONFIG_GROUPS.map((group) => ({
                key: group,
                label: t(`robots.tabs.${group}`),
                children: (
                  <RobotConfigForm sn={robot.sn} group={group} canApply={allowed.configure} disabled={!connected || !online} />
                ),
              })),
              {
                key: 'credential',
                label: t('devices.credential.column'),
                children: <CredentialPanel path={`/robots/${robot.sn}`} canManage={allowed.credentials} />,
              },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
