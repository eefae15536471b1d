import { DeleteOutlined, EditOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import type { Robot } from '@railserve/protocol';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export type RobotPermissions = { rename: boolean; command: boolean; remove: boolean };

export type RobotRowHandlers = {
  allowed: RobotPermissions;
  /** The console's own broker connection: commands and removal need it (spec section 8). */
  connected: boolean;
  reloading: (sn: string) => boolean;
  onRename: (robot: Robot) => void;
  onSettings: (robot: Robot) => void;
  onReloadMap: (robot: Robot) => void;
  onRemove: (robot: Robot) => Promise<void>;
};

/** Rename, settings, reload map and remove for one robot; what the level cannot do is not shown. */
export function RobotRowActions({
  robot,
  allowed,
  connected,
  reloading,
  onRename,
  onSettings,
  onReloadMap,
  onRemove,
}: RobotRowHandlers & { robot: Robot }) {
  const { t } = useTranslation();
  const offline = robot.connection !== 'online';
  const why = (action: string) => (!connected ? t('mqtt.notConnected') : action);
  return (
    <Space size={0}>
      {allowed.rename ? (
        <Tooltip title={t('robots.actions.rename')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('robots.actions.rename')}
            onClick={() => onRename(robot)}
            data-testid="robot-rename"
          />
        </Tooltip>
      ) : null}
      <Tooltip title={t('robots.actions.settings')}>
        <Button
          type="text"
          size="small"
          icon={<SettingOutlined />}
          aria-label={t('robots.actions.settings')}
          onClick={() => onSettings(robot)}
          data-testid="robot-settings"
        />
      </Tooltip>
      {allowed.command ? (
        <Tooltip title={offline && connected ? t('robots.settings.offline') : why(t('robots.actions.reloadMap'))}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('robots.actions.reloadMap')}
            disabled={!connected || offline}
            loading={reloading(robot.sn)}
            onClick={() => onReloadMap(robot)}
            data-testid="robot-reload-map"
          />
        </Tooltip>
      ) : null}
      {allowed.remove ? (
        <Popconfirm
          title={t('robots.remove.confirm', { sn: robot.sn })}
          description={t('robots.remove.description')}
          okText={t('robots.actions.remove')}
          cancelText={t('common.actions.cancel')}
          okButtonProps={{ danger: true }}
          disabled={!connected}
          onConfirm={() => onRemove(robot)}
        >
          <Tooltip title={why(t('robots.actions.remove'))}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('robots.actions.remove')}
              disabled={!connected}
              data-testid="robot-remove"
            />
          </Tooltip>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
