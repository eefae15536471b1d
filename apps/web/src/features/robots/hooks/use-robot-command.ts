import type { CommandRecord } from '@railserve/protocol';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrokerStatus } from '../../../lib/broker/broker-context.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { commandFailureText } from '../../../lib/phrases.ts';
import { type RobotCommandInput, useSendRobotCommand } from '../api/robot-commands.ts';

/** A command's tracking as the operator sees it: `sent` while the server waits for the robot's answer. */
export type CommandState = Pick<CommandRecord, 'status' | 'error'>;

/** Tells the operator how a tracked command or configuration write ended. */
export function useAnnounceOutcome() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (record: CommandRecord, label: string) => {
    const text = t(`robots.commandResult.${record.status}`, { command: label, error: commandFailureText(t, record.error) });
    if (record.status === 'acknowledged') void message.success(text);
    else if (record.status === 'failed') void message.error(text);
    else if (record.status === 'timed_out') void message.warning(text);
  };
}

/**
 * Sends robot commands through the API and keeps each one's tracking state (sent, acknowledged,
 * failed with the robot's error, timed out). While the console's broker connection is down a
 * command is refused here with the spec's warning.
 */
export function useRobotCommand() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const connected = useBrokerStatus() === 'connected';
  const mutation = useSendRobotCommand();
  const announce = useAnnounceOutcome();
  const [states, setStates] = useState<Record<string, CommandState>>({});
  const key = (sn: string, command: string) => `${sn}:${command}`;

  const send = async (sn: string, body: RobotCommandInput): Promise<CommandRecord | null> => {
    const label = t(`robots.commands.${body.command}`);
    if (!connected) {
      void message.warning(t('mqtt.notConnected'));
      return null;
    }
    setStates((s) => ({ ...s, [key(sn, body.command)]: { status: 'sent' } }));
    try {
      const record = await mutation.mutateAsync({ sn, body });
      setStates((s) => ({ ...s, [key(sn, body.command)]: record }));
      announce(record, label);
      return record;
    } catch (error) {
      setStates(({ [key(sn, body.command)]: _gone, ...rest }) => rest);
      void message.error(actionFailed(t, label, error));
      return null;
    }
  };

  return { send, connected, stateOf: (sn: string, command: string): CommandState | undefined => states[key(sn, command)] };
}
