import { AUDIO_LIMITS, audioName, isReservedAudioName } from '@railserve/protocol';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { validationText } from '../../../lib/errors.ts';

/**
 * A clip name's form rules, from the protocol's `audioName` (the server checks the same schema):
 * required, at most the length limit, no path, control or bidi characters, not only invisible
 * characters; for a custom clip also not a table name of the map (the spec's rule) nor a system
 * clip name in any letter case.
 */
export function clipNameRules(t: TFunction, tableNames: readonly string[], custom: boolean): FormRule[] {
  return [
    { required: true, message: t('audio.upload.nameRequired') },
    {
      validator: (_rule, value: string | undefined) => {
        if (!value) return Promise.resolve();
        const parsed = audioName.safeParse(value);
        if (!parsed.success) {
          const key = parsed.error.issues[0]?.message;
          if (key === 'too_long') return Promise.reject(new Error(t('audio.upload.nameTooLong', { max: AUDIO_LIMITS.nameMax })));
          if (key === 'required') return Promise.reject(new Error(t('audio.upload.nameRequired')));
          return Promise.reject(new Error(validationText(t, key ?? 'invalid')));
        }
        if (!custom) return Promise.resolve();
        if (tableNames.includes(parsed.data)) return Promise.reject(new Error(t('errors.audio_name_is_table')));
        if (isReservedAudioName(parsed.data)) return Promise.reject(new Error(t('errors.audio_name_reserved')));
        return Promise.resolve();
      },
    },
  ];
}
