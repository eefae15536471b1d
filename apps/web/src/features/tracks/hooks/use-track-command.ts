import type { CommandRecord } from '@railserve/protocol';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrokerStatus } from '../../../lib/broker/broker-context.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { commandFailureText } from '../../../lib/phrases.ts';
import { type TrackCommandInput, useSendTrackCommand } from '../api/track-commands.ts';

/**
 * Sends track commands through the API and says how each ended, in words: acknowledged, refused
 * with the controller's reason, or unanswered. While the console's broker connection is down every
 * command is refused here with the spec's warning (the server would refuse it too).
 */
export function useTrackCommand(trackId: number) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const connected = useBrokerStatus() === 'connected';
  const mutation = useSendTrackCommand();
  const announce = (record: CommandRecord, label: string) => {
    const text = t(`tracks.commandResult.${record.status}`, { command: label, error: commandFailureText(t, record.error) });
    if (record.status === 'acknowledged') void message.success(text);
    else if (record.status === 'failed') void message.error(text);
    else if (record.status === 'timed_out') void message.warning(text);
  };

  const send = async (body: TrackCommandInput) => {
    if (!connected) {
      void message.warning(t('mqtt.notConnected'));
      return null;
    }
    const label = t(`tracks.commands.${body.command}`);
    try {
      const record = await mutation.mutateAsync({ id: trackId, body });
      announce(record, label);
      return record;
    } catch (error) {
      void message.error(actionFailed(t, label, error));
      return null;
    }
  };

  return { send, connected, pending: mutation.isPending ? mutation.variables?.body.command : undefined };
}
