import { createTrackBody, trackConfig } from '@railserve/protocol';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { validationText } from '../../../lib/errors.ts';
import { schemaRule } from '../../../lib/schema-rule.ts';

/** A protocol error key in words: the tracks area's own keys first, then the shared ones. */
export function trackValidationText(t: TFunction, key: string): string {
  return t(`tracks.validation.${key}`, { defaultValue: '' }) || validationText(t, key);
}

/**
 * The config as the form holds it (JSON text) turned into the object the API takes. Blank text
 * is an empty object. Errors are the spec's "invalid JSON format" and "invalid config data".
 */
export function parseConfigText(text: string | undefined): { config: Record<string, unknown> } | { error: string } {
  if (!text?.trim()) return { config: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'invalid_json' };
  }
  const checked = trackConfig.safeParse(value);
  return checked.success ? { config: checked.data } : { error: checked.error.issues[0]?.message ?? 'config_not_object' };
}

export function trackFormRules(t: TFunction) {
  const required: FormRule = { required: true, message: validationText(t, 'required') };
  return {
    name: [
      required,
      schemaRule(t, createTrackBody.shape.name, {
        words: (key, values) => t(`tracks.validation.${key}`, { defaultValue: '', ...values }),
      }),
    ] satisfies FormRule[],
    type: [required],
    configText: [
      {
        validator: async (_rule, value?: string) => {
          const parsed = parseConfigText(value);
          if ('error' in parsed) throw new Error(trackValidationText(t, parsed.error));
        },
      },
    ] satisfies FormRule[],
  };
}
