import {
  CloudDownloadOutlined,
  LockOutlined,
  PoweroffOutlined,
  ReloadOutlined,
  UnlockOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { Track } from '@railserve/protocol';
import { Button, Flex, InputNumber, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { useTrackCommand } from '../hooks/use-track-command.ts';
import { ModeSwitches } from './mode-switches.tsx';

export type TrackCommands = ReturnType<typeof useTrackCommand>;
type CommandPanelProps = { track: Track; commands: TrackCommands; disabled: boolean };

/** The commands for the whole track: map, modes, lids, alarms, restart and update. */
export function CommandPanel({ track, commands, disabled }: CommandPanelProps) {
  const { t } = useTranslation();
  const { send, pending } = commands;
  const [recordId, setRecordId] = useState<number | null>(null);
  const button = (command: string) => ({ disabled, loading: pending === command, 'data-testid': `command-${command}` });

  return (
    <Flex vertical gap={16} style={{ marginBottom: 24 }}>
      <Flex wrap gap={24}>
        <ModeSwitches track={track} commands={commands} disabled={disabled} />
      </Flex>
      <Flex wrap gap={8}>
        <Button
          icon={<ReloadOutlined />}
          {...button('reload_map')}
          disabled={disabled || !track.hasMap}
          onClick={() => void send({ command: 'reload_map' })}
        >
          {t('tracks.commands.reload_map')}
        </Button>
        <Button icon={<UnlockOutlined />} {...button('lid')} onClick={() => void send({ command: 'lid', args: { open: true } })}>
          {t('tracks.control.openLid')}
        </Button>
        <Button
          icon={<LockOutlined />}
          disabled={disabled}
          loading={pending === 'lid'}
          onClick={() => void send({ command: 'lid', args: { open: false } })}
        >
          {t('tracks.control.closeLid')}
        </Button>
        <Button icon={<WarningOutlined />} {...button('reset_alarm')} onClick={() => void send({ command: 'reset_alarm' })}>
          {t('tracks.commands.reset_alarm')}
        </Button>
        <Popconfirm
          title={t('tracks.control.restartConfirm')}
          okText={t('common.actions.confirm')}
          cancelText={t('common.actions.cancel')}
          disabled={disabled}
          onConfirm={() => void send({ command: 'restart' })}
        >
          <Button danger icon={<PoweroffOutlined />} {...button('restart')}>
            {t('tracks.commands.restart')}
          </Button>
        </Popconfirm>
      </Flex>
      <Space.Compact>
        <InputNumber<number>
          min={1}
          precision={0}
          value={recordId}
          onChange={setRecordId}
          disabled={disabled}
          placeholder={t('tracks.control.recordId')}
          aria-label={t('tracks.control.recordId')}
          style={{ width: 180 }}
        />
        <Button
          icon={<CloudDownloadOutlined />}
          {...button('update')}
          disabled={disabled || !recordId}
          onClick={() => recordId && void send({ command: 'update', args: { recordId } })}
        >
          {t('tracks.commands.update')}
        </Button>
      </Space.Compact>
    </Flex>
  );
}
