import { LockOutlined, PoweroffOutlined, ReloadOutlined, UnlockOutlined, WarningOutlined } from '@ant-design/icons';
import type { Track } from '@railserve/protocol';
import { Alert, Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import type { useTrackCommand } from '../hooks/use-track-command.ts';
import { ModeSwitches } from './mode-switches.tsx';
import { UpdateCommand } from './update-command.tsx';

export type TrackCommands = ReturnType<typeof useTrackCommand>;
type CommandPanelProps = { track: Track; commands: TrackCommands; disabled: boolean };

/** Why the track's commands are disabled, if a reason is the track's: its controller never reported. */
export const trackCommandsReason = (t: (key: string) => string, track: Track) =>
  track.statusAt ? undefined : t('tracks.control.neverReported');

/** The commands for the whole track: map, modes, lids, alarms, restart and update. */
export function CommandPanel({ track, commands, disabled: blocked }: CommandPanelProps) {
  const { t } = useTranslation();
  const { send, pending } = commands;
  const reason = trackCommandsReason(t, track);
  const disabled = blocked || !!reason;
  const button = (command: string) => ({ disabled, loading: pending === command, 'data-testid': `command-${command}` });

  return (
    <Flex vertical gap={16} style={{ marginBottom: 24 }}>
      {reason ? <Alert type="info" showIcon title={reason} data-testid="track-never-reported" /> : null}
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
        <ConfirmButton
          icon={<UnlockOutlined />}
          {...button('lid')}
          confirm={t('tracks.control.lidAllOpenConfirm')}
          reason={reason}
          onConfirm={() => send({ command: 'lid', args: { open: true } })}
        >
          {t('tracks.control.openLid')}
        </ConfirmButton>
        <ConfirmButton
          icon={<LockOutlined />}
          disabled={disabled}
          loading={pending === 'lid'}
          confirm={t('tracks.control.lidAllCloseConfirm')}
          reason={reason}
          onConfirm={() => send({ command: 'lid', args: { open: false } })}
        >
          {t('tracks.control.closeLid')}
        </ConfirmButton>
        <Tooltip title={reason}>
          <Button icon={<WarningOutlined />} {...button('reset_alarm')} onClick={() => void send({ command: 'reset_alarm' })}>
            {t('tracks.commands.reset_alarm')}
          </Button>
        </Tooltip>
        <ConfirmButton
          danger
          icon={<PoweroffOutlined />}
          {...button('restart')}
          confirm={t('tracks.control.restartConfirm')}
          description={t('tracks.control.moveWarning')}
          reason={reason}
          onConfirm={() => send({ command: 'restart' })}
        >
          {t('tracks.commands.restart')}
        </ConfirmButton>
      </Flex>
      <UpdateCommand track={track} commands={commands} disabled={disabled} />
    </Flex>
  );
}
