import type { TFunction } from 'i18next';
import type { ReadableIssue } from './map-issues.ts';

/** A map issue in the reader's language: its field and problem translated too, never a raw code. */
export function issueText(t: TFunction, issue: ReadableIssue): string {
  const values: Record<string, string | number> = { ...issue.values };
  if (typeof values.problem === 'string') values.problem = t(`map-editor.load.problems.${values.problem}`);
  if (issue.key === 'load.issues.path' && values.field === 'type') values.field = 'pathType';
  if (typeof values.field === 'string') {
    values.field = values.field ? t(`map-editor.fields.${values.field}`, { defaultValue: t('map-editor.fields.unknown') }) : '';
  }
  return t(`map-editor.${issue.key}`, values);
}
