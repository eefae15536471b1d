import { AimOutlined, LockOutlined, PoweroffOutlined, ReloadOutlined, UnlockOutlined, WarningOutlined } from '@ant-design/icons';
import type { Robot } from '@railserve/protocol';
import { Alert, Button, Flex, InputNumber, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import type { RobotCommandInput } from '../api/robot-commands.ts';
import { useRobotCommand } from '../hooks/use-robot-command.ts';
import { CommandStatusTag } from './command-status-tag.tsx';
import { RobotCommandHistory } from './robot-command-history.tsx';

type RobotControlTabProps = { robot: Robot; allowed: boolean; disabled: boolean };

/** Lid, reset alarm, restart, reload map and goto; each button shows its command's tracking state. */
export function RobotControlTab({ robot, allowed, disabled }: RobotControlTabProps) {
  const { t } = useTranslation();
  const { send, stateOf } = useRobotCommand();
  const [point, setPoint] = useState<number | null>(null);
  const off = disabled || !allowed;

  const command = (id: string, body: RobotCommandInput, label: string, icon: ReactNode, confirm?: string) => {
    const state = stateOf(robot.sn, body.command);
    const common = { icon, disabled: off, loading: state?.status === 'sent', 'data-testid': `robot-command-${id}` };
    return (
      <Space key={id} size={4}>
        {confirm ? (
          <ConfirmButton
            {...common}
            danger
            confirm={confirm}
            description={t('robots.control.moveWarning')}
            onConfirm={() => send(robot.sn, body)}
          >
            {label}
          </ConfirmButton>
        ) : (
          <Button {...common} onClick={() => void send(robot.sn, body)}>
            {label}
          </Button>
        )}
        {state ? <CommandStatusTag status={state.status} testId={`robot-command-state-${id}`} /> : null}
      </Space>
    );
  };
  const gotoState = stateOf(robot.sn, 'goto');

  return (
    <Flex vertical gap={16}>
      {!allowed ? <Alert type="info" showIcon title={t('robots.settings.noCommands')} /> : null}
      <Flex wrap gap={12}>
        {command('lid-open', { command: 'lid', args: { open: true } }, t('robots.control.lidOpen'), <UnlockOutlined />)}
        {command('lid-close', { command: 'lid', args: { open: false } }, t('robots.control.lidClose'), <LockOutlined />)}
        {command('reset-alarm', { command: 'reset_alarm' }, t('robots.control.resetAlarm'), <WarningOutlined />)}
        {command('reload-map', { command: 'reload_map' }, t('robots.control.reloadMap'), <ReloadOutlined />)}
        {command(
          'restart',
          { command: 'restart' },
          t('robots.control.restart'),
          <PoweroffOutlined />,
          t('robots.control.restartConfirm'),
        )}
      </Flex>
      <Space wrap size={4}>
        <Space.Compact>
          <InputNumber<number>
            min={1}
            precision={0}
            value={point}
            onChange={setPoint}
            disabled={off}
            placeholder={t('robots.control.point')}
            aria-label={t('robots.control.point')}
            style={{ width: 160 }}
            data-testid="robot-goto-point"
          />
          <Button
            icon={<AimOutlined />}
            disabled={off || !point}
            loading={gotoState?.status === 'sent'}
            onClick={() => point && void send(robot.sn, { command: 'goto', args: { point } })}
            data-testid="robot-command-goto"
          >
            {t('robots.control.goto')}
          </Button>
        </Space.Compact>
        {gotoState ? <CommandStatusTag status={gotoState.status} testId="robot-command-state-goto" /> : null}
      </Space>
      <RobotCommandHistory sn={robot.sn} />
    </Flex>
  );
}
