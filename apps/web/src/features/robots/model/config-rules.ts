import { type RobotConfigGroup, robotConfigWriteGroups } from '@railserve/protocol';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { rangeOf } from './config-fields.ts';

type Issue = { path: PropertyKey[]; message: string };

/** The translated text of a configuration error key (protocol CONFIG_ERRORS), with the field's range. */
export function configErrorText(t: TFunction, field: string, key: string): string {
  const range = rangeOf(field);
  const text = t(`robots.config.errors.${key}`, { defaultValue: '', min: range?.min, max: range?.max });
  return text || t('robots.config.errors.invalid');
}

/** An antd rule checking one field with its group's protocol write schema, so the form says what the server would. */
export function configFieldRule(t: TFunction, group: RobotConfigGroup, field: string): FormRule {
  const schema = (
    robotConfigWriteGroups[group].shape as Record<
      string,
      { safeParse(v: unknown): { success: boolean; error?: { issues: Issue[] } } }
    >
  )[field];
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (!result.success) throw new Error(configErrorText(t, field, result.error?.issues[0]?.message ?? 'invalid'));
    },
  };
}

/** The whole group checked at once (speed levels against the max speed, gateway against the subnet): field → error. */
export function groupErrors(t: TFunction, group: RobotConfigGroup, values: Record<string, unknown>) {
  // The write schema: a blank write-only field (the WiFi password) keeps the robot's current value.
  const result = robotConfigWriteGroups[group].safeParse(values);
  if (result.success) return { data: result.data as Record<string, unknown>, errors: [] };
  const errors = result.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    return { name: field, errors: [configErrorText(t, field, issue.message)] };
  });
  return { data: undefined, errors };
}
