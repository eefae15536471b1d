import type { Track } from '@railserve/protocol';
import { Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useTrackCommand } from '../hooks/use-track-command.ts';

type ModeSwitchesProps = {
  track: Track;
  commands: Pick<ReturnType<typeof useTrackCommand>, 'send' | 'pending'>;
  disabled: boolean;
};

/** Register mode and viewer mode: each switch shows the controller's live mode and sends its command. */
export function ModeSwitches({ track, commands: { send, pending }, disabled }: ModeSwitchesProps) {
  const { t } = useTranslation();
  const modes = [
    { command: 'register_mode', checked: track.registerMode, label: t('tracks.fields.registerMode'), testId: 'register-mode' },
    { command: 'viewer_mode', checked: track.viewerMode, label: t('tracks.fields.viewerMode'), testId: 'viewer-mode' },
  ] as const;
  return modes.map((mode) => (
    <Space key={mode.command}>
      <Switch
        checked={mode.checked}
        disabled={disabled}
        loading={pending === mode.command}
        onChange={(enabled) => void send({ command: mode.command, args: { enabled } })}
        aria-label={mode.label}
        data-testid={mode.testId}
      />
      <Typography.Text>{mode.label}</Typography.Text>
    </Space>
  ));
}
