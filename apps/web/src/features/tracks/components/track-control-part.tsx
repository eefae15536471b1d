import { ReloadOutlined } from '@ant-design/icons';
import type { Track } from '@railserve/protocol';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTrackCommand } from '../hooks/use-track-command.ts';
import { BrokerRequired } from './broker-required.tsx';
import { CommandList } from './command-list.tsx';
import { ModeSwitches } from './mode-switches.tsx';
import { TrackLiveStatus } from './track-live-status.tsx';
import { TrackMapCard } from './track-map-card.tsx';

type TrackControlPartProps = { track: Track; canCommand: boolean; canWriteMap: boolean };

/** The form's control part: live status, register and viewer mode, the saved map and reloading it. */
export function TrackControlPart({ track, canCommand, canWriteMap }: TrackControlPartProps) {
  const { t } = useTranslation();
  const { send, connected, pending } = useTrackCommand(track.id);
  const disabled = !canCommand || !connected;

  return (
    <>
      <TrackLiveStatus track={track} />
      {canCommand ? <BrokerRequired connected={connected} /> : null}
      <Flex wrap gap={24} style={{ marginBottom: 16 }}>
        <ModeSwitches track={track} commands={{ send, pending }} disabled={disabled} />
        <Button
          icon={<ReloadOutlined />}
          disabled={disabled || !track.hasMap}
          loading={pending === 'reload_map'}
          onClick={() => void send({ command: 'reload_map' })}
          data-testid="reload-map"
        >
          {t('tracks.commands.reload_map')}
        </Button>
      </Flex>
      <TrackMapCard track={track} canWrite={canWriteMap} />
      <Typography.Title level={5}>{t('tracks.record.commands')}</Typography.Title>
      <CommandList trackId={track.id} compact />
    </>
  );
}
