import { Alert, App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { useMapState, useReloadMap } from '../api/map-state.ts';

/**
 * The saved map against the one live on the track: says plainly when the robots run an older
 * map (or none of the saved ones), with a button that sends reload_map.
 */
export function MapVersionNotice({ trackId, canReload }: { trackId: number; canReload: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const state = useMapState(trackId);
  const reload = useReloadMap(trackId);
  if (!state.data || state.data.version === 0) return null;
  const { version, liveVersion } = state.data;
  const current = liveVersion === version;
  const send = async () => {
    try {
      const record = await reload.mutateAsync();
      if (record.status === 'acknowledged') void message.success(t('map-editor.live.reloaded'));
      else void message.warning(t(`map-editor.live.reloadStatus.${record.status}`, { error: record.error ?? '' }));
    } catch (error) {
      void message.error(actionFailed(t, t('map-editor.live.reload'), error));
    }
  };
  const versions = t('map-editor.live.versions', { saved: version, live: liveVersion ?? t('map-editor.live.none') });
  if (current) {
    return (
      <Typography.Text type="secondary" data-testid="map-version">
        {versions}
      </Typography.Text>
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="map-version-notice"
      title={
        liveVersion === null ? t('map-editor.live.neverSent') : t('map-editor.live.older', { live: liveVersion, saved: version })
      }
      description={versions}
      action={
        canReload ? (
          <Button size="small" type="primary" loading={reload.isPending} onClick={() => void send()} data-testid="map-reload">
            {t('map-editor.live.reload')}
          </Button>
        ) : null
      }
    />
  );
}
