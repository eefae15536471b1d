import { AUDIO_LIMITS } from '@railserve/protocol';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * A clip name's form rules: required, at most the protocol's length and, for a custom clip, not a
 * table name of the map (the spec's rule; the server refuses it too).
 */
export function clipNameRules(t: TFunction, tableNames: readonly string[], custom: boolean): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('audio.upload.nameRequired') },
    { max: AUDIO_LIMITS.nameMax, message: t('audio.upload.nameTooLong', { max: AUDIO_LIMITS.nameMax }) },
    {
      validator: (_rule, value: string | undefined) =>
        custom && value && tableNames.includes(value.trim())
          ? Promise.reject(new Error(t('errors.audio_name_is_table')))
          : Promise.resolve(),
    },
  ];
}
