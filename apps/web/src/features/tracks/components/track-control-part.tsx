import type { Track } from '@railserve/protocol';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTrackCommand } from '../hooks/use-track-command.ts';
import { BrokerRequired } from './broker-required.tsx';
import { CommandList } from './command-list.tsx';
import { CommandPanel } from './command-panel.tsx';
import { SendTargetForm } from './send-target-form.tsx';
import { TrackLiveStatus } from './track-live-status.tsx';

type TrackControlPartProps = { track: Track; canCommand: boolean };

/**
 * The form's control part: live status, every track command (modes, map, lids, alarms, restart,
 * update, send target) for those who may command a track, and the recent commands (the saved
 * map has a part of its own).
 * Level 2 may command tracks (DESIGN 4b) but not open /tracks/{id}/control: this is where it does.
 */
export function TrackControlPart({ track, canCommand }: TrackControlPartProps) {
  const { t } = useTranslation();
  const commands = useTrackCommand(track.id);
  const { connected } = commands;
  const disabled = !canCommand || !connected;

  return (
    <>
      <TrackLiveStatus track={track} />
      {canCommand ? <BrokerRequired connected={connected} /> : null}
      {canCommand ? (
        <>
          <CommandPanel track={track} commands={commands} disabled={disabled} />
          <SendTargetForm track={track} commands={commands} disabled={disabled} />
        </>
      ) : null}
      <Typography.Title level={5}>{t('tracks.record.commands')}</Typography.Title>
      <CommandList trackId={track.id} compact />
    </>
  );
}
