import type { Track } from '@railserve/protocol';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { InfoView, YesNo } from '../../../components/ui/info-view.tsx';
import { configToText } from '../hooks/use-save-track.ts';

type TrackInfoProps = { track: Track; canEdit: boolean; onEdit: () => void; onBack: () => void };

/** The info part of /tracks/:id/info: the track's settings as text. */
export function TrackInfo({ track, canEdit, onEdit, onBack }: TrackInfoProps) {
  const { t } = useTranslation();
  const config = configToText(track.config);
  return (
    <InfoView
      area="tracks"
      entity={track}
      canEdit={canEdit}
      onEdit={onEdit}
      onBack={onBack}
      data-testid="track-info"
      items={[
        { key: 'name', label: t('tracks.fields.name'), value: track.name },
        { key: 'type', label: t('tracks.fields.type'), value: t(`tracks.types.${track.type}`) },
        {
          key: 'config',
          label: t('tracks.fields.config'),
          value: config ? (
            <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {config}
            </Typography.Paragraph>
          ) : null,
        },
        { key: 'tableNumberPlay', label: t('tracks.fields.tableNumberPlay'), value: <YesNo value={track.tableNumberPlay} /> },
        {
          key: 'displayMode',
          label: t('tracks.fields.displayMode'),
          value: t(`tracks.displayModes.${track.displayMode}`),
        },
      ]}
    />
  );
}
