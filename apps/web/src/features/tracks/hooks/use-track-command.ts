import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBrokerStatus } from '../../../lib/broker-context.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { type TrackCommandInput, useSendTrackCommand } from '../api/track-commands.ts';

/**
 * Sends track commands through the API. While the console's broker connection is down every
 * command is refused here with the spec's warning (the server would refuse it too).
 */
export function useTrackCommand(trackId: number) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const connected = useBrokerStatus() === 'connected';
  const mutation = useSendTrackCommand();

  const send = async (body: TrackCommandInput) => {
    if (!connected) {
      void message.warning(t('mqtt.notConnected'));
      return null;
    }
    try {
      return await mutation.mutateAsync({ id: trackId, body });
    } catch (error) {
      void message.error(actionFailed(t, t(`tracks.commands.${body.command}`), error));
      return null;
    }
  };

  return { send, connected, pending: mutation.isPending ? mutation.variables?.body.command : undefined };
}
