import type { Track, TrackDisplayMode, TrackType } from '@railserve/protocol';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useCreateTrack, useUpdateTrack } from '../api/save-track.ts';
import { parseConfigText, trackValidationText } from '../model/track-form-rules.ts';

export type TrackFormValues = {
  name: string;
  type: TrackType;
  configText: string;
  tableNumberPlay: boolean;
  displayMode: TrackDisplayMode;
};

export const configToText = (config: Record<string, unknown>) =>
  Object.keys(config).length ? JSON.stringify(config, null, 2) : '';

/** Saves the info part: POST on create, PUT on edit; server field errors go onto their fields. */
export function useSaveTrack(form: FormInstance<TrackFormValues>, existing: Track | undefined) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const create = useCreateTrack();
  const update = useUpdateTrack();

  const showServerErrors = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.code === 'track_name_taken') form.setFields([{ name: 'name', errors: [t('errors.track_name_taken')] }]);
    const fields = error.validationDetails
      .filter((d) => d.path.length > 1)
      .map((d) => {
        const field = String(d.path[1]);
        return {
          name: (field === 'config' ? 'configText' : field) as keyof TrackFormValues,
          errors: [trackValidationText(t, d.message)],
        };
      });
    if (fields.length > 0) form.setFields(fields);
  };

  const save = async (values: TrackFormValues): Promise<Track | null> => {
    const parsed = parseConfigText(values.configText);
    if ('error' in parsed) return null;
    const body = {
      name: values.name.trim(),
      type: values.type,
      config: parsed.config,
      tableNumberPlay: values.tableNumberPlay,
      displayMode: values.displayMode,
    };
    try {
      const track = existing ? await update.mutateAsync({ id: existing.id, body }) : await create.mutateAsync(body);
      void message.success(t(existing ? 'common.saved' : 'common.created'));
      return track;
    } catch (error) {
      showServerErrors(error);
      void message.error(actionFailed(t, t(existing ? 'tracks.actions.save' : 'tracks.actions.create'), error));
      return null;
    }
  };

  return { save, isSaving: create.isPending || update.isPending };
}
