import { NodeIndexOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { PageLoading } from '../../../components/ui/page-loading.tsx';
import { TrackModeTag, TrackStatusTag } from '../../../components/ui/track-status-tag.tsx';
import { mayDo } from '../../../lib/access.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { isTrackId, useTrack } from '../api/get-track.ts';
import { useTrackCommand } from '../hooks/use-track-command.ts';
import { BrokerRequired } from './broker-required.tsx';
import { CommandList } from './command-list.tsx';
import { CommandPanel } from './command-panel.tsx';
import { SendTargetForm } from './send-target-form.tsx';
import { TrackRobotsTable } from './track-robots-table.tsx';

/** /tracks/:id/control: the robots on the track, live, and every track command with its tracking state. */
export function TrackControlPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user: me } = useCurrentUser();
  const trackId = Number(id);
  const track = useTrack(trackId);
  const commands = useTrackCommand(trackId);
  const canCommand = mayDo(me, 'tracks.command');

  if (!isTrackId(trackId)) return <Result status="404" title={t('errors.not_found')} />;
  if (track.isPending) return <PageLoading />;
  if (track.isError) return <Result status="warning" title={actionFailed(t, t('tracks.actions.load'), track.error)} />;

  const disabled = !canCommand || !commands.connected;
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <PageHeading style={{ margin: 0 }}>
            {t('routes.tracks.control')} · {track.data.name}
          </PageHeading>
          <Space wrap>
            <TrackStatusTag statusCode={track.data.statusCode} errorCode={track.data.errorCode} />
            <TrackModeTag mode={track.data.mode} />
            <Link to={`/tracks/${trackId}/map/${mayDo(me, 'maps.write') ? 'edit' : 'info'}`}>
              <Button icon={<NodeIndexOutlined />} data-testid="open-map-editor">
                {t('tracks.map.editor')}
              </Button>
            </Link>
          </Space>
        </Flex>
      </Card>
      <Card title={t('tracks.control.robots')}>
        <TrackRobotsTable trackId={trackId} commands={commands} disabled={disabled} />
      </Card>
      <Card title={t('tracks.control.commands')}>
        <BrokerRequired connected={commands.connected} />
        <CommandPanel track={track.data} commands={commands} disabled={disabled} />
        <SendTargetForm track={track.data} commands={commands} disabled={disabled} />
      </Card>
      <Card title={t('tracks.record.commands')}>
        <CommandList trackId={trackId} />
      </Card>
    </Flex>
  );
}
