import type { Track } from '@railserve/protocol';
import { Flex, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useTrackCommand } from '../hooks/use-track-command.ts';

type ModeSwitchesProps = {
  track: Track;
  commands: Pick<ReturnType<typeof useTrackCommand>, 'send' | 'pending'>;
  disabled: boolean;
};

/** Register mode and viewer mode: each switch shows the controller's live mode, sends its command and says what it does. */
export function ModeSwitches({ track, commands: { send, pending }, disabled }: ModeSwitchesProps) {
  const { t } = useTranslation();
  const modes = [
    { command: 'register_mode', checked: track.registerMode, name: 'registerMode', testId: 'register-mode' },
    { command: 'viewer_mode', checked: track.viewerMode, name: 'viewerMode', testId: 'viewer-mode' },
  ] as const;
  // Each switch says what it does where it is switched: what the track does while it is on, and when to switch it off.
  return modes
    .map(({ name, ...mode }) => ({ ...mode, label: t(`tracks.fields.${name}`), hint: t(`tracks.fields.${name}Hint`) }))
    .map((mode) => (
      <Flex key={mode.command} vertical gap={4} style={{ maxWidth: 340 }}>
        <Space>
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
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${mode.testId}-hint`}>
          {mode.hint}
        </Typography.Text>
      </Flex>
    ));
}
