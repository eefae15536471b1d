import type { Session } from '@railserve/protocol';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { InfoView } from '../../../components/ui/info-view.tsx';

type SessionInfoProps = { session: Session; canEdit: boolean; onEdit: () => void; onBack: () => void };

/** /sessions/:id/info: the session as text. */
export function SessionInfo({ session, canEdit, onEdit, onBack }: SessionInfoProps) {
  const { t } = useTranslation();
  return (
    <InfoView
      area="sessions"
      entity={session}
      canEdit={canEdit}
      onEdit={onEdit}
      onBack={onBack}
      data-testid="session-info"
      items={[
        { key: 'code', label: t('sessions.fields.code'), value: <Typography.Text strong>{session.code}</Typography.Text> },
        { key: 'name', label: t('sessions.fields.name'), value: session.name },
        { key: 'mac', label: t('sessions.fields.mac'), value: <Typography.Text code>{session.mac}</Typography.Text> },
        { key: 'note', label: t('sessions.fields.note'), value: session.note },
        {
          key: 'tracks',
          label: t('sessions.fields.tracks'),
          value: session.tracks.length ? (
            <Flex gap={4} wrap data-testid="session-info-tracks">
              {session.tracks.map((track) => (
                <Tag key={track.id} color="blue" style={{ marginInlineEnd: 0 }}>
                  {track.name}
                </Tag>
              ))}
            </Flex>
          ) : (
            t('sessions.noTracks')
          ),
        },
      ]}
    />
  );
}
