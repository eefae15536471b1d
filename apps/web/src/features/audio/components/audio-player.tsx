import { PlayCircleOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { fetchAudioFile } from '../api/audio-file.ts';

/** Play: fetches the clip with the session's token, then plays it in an <audio> element with controls. */
export function AudioPlayer({ trackId, audioId, version }: { trackId: number; audioId: number; version: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [url, setUrl] = useState<string>();
  const [loading, setLoading] = useState(false);
  const failed = (error: unknown) => void message.error(actionFailed(t, t('audio.actions.playback'), error));

  // A replaced file (new upload time) needs fetching again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reason to drop the old URL
  useEffect(() => setUrl(undefined), [version]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  if (url) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: announcements have no caption track
      <audio
        src={url}
        controls
        autoPlay
        style={{ height: 32, maxWidth: 240 }}
        onError={() => failed(new Error(t('audio.cannotPlay')))}
        data-testid={`audio-player-${audioId}`}
      />
    );
  }
  return (
    <Button
      size="small"
      icon={<PlayCircleOutlined />}
      loading={loading}
      onClick={async () => {
        setLoading(true);
        try {
          setUrl(URL.createObjectURL(await fetchAudioFile(trackId, audioId)));
        } catch (error) {
          failed(error);
        } finally {
          setLoading(false);
        }
      }}
      data-testid={`audio-play-${audioId}`}
    >
      {t('audio.actions.play')}
    </Button>
  );
}
