import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { validationText } from './errors.ts';

/** What a protocol schema's first issue holds: its error key, and the limit it broke when it has one. */
export type SchemaIssue = { message: string; maximum?: unknown; minimum?: unknown };
export type Schema = { safeParse: (value: unknown) => { success: boolean; error?: { issues: SchemaIssue[] } } };
/** An area's own words for an error key, before the shared ones (e.g. `sessions.validation.*`). */
export type IssueWords = (key: string, values: Record<string, unknown>) => string;

/** A schema issue in words, with the limit it broke ("at most 32 characters"). */
export function issueText(t: TFunction, issue: SchemaIssue | undefined, words?: IssueWords): string {
  const key = issue?.message ?? 'invalid';
  const values: Record<string, unknown> = {};
  if (typeof issue?.maximum === 'number' || typeof issue?.maximum === 'bigint') values.max = Number(issue.maximum);
  if (typeof issue?.minimum === 'number' || typeof issue?.minimum === 'bigint') values.min = Number(issue.minimum);
  return words?.(key, values) || validationText(t, key, values);
}

/** The translated error of a value under a protocol schema; null when it is valid. */
export function schemaError(t: TFunction, schema: Schema, value: unknown, words?: IssueWords): string | null {
  const result = schema.safeParse(value ?? '');
  return result.success ? null : issueText(t, result.error?.issues[0], words);
}

/**
 * An antd rule that checks a value with a protocol schema, so the form checks what the server
 * checks; `optional` lets a blank value pass.
 */
export function schemaRule(t: TFunction, schema: Schema, options: { optional?: boolean; words?: IssueWords } = {}): FormRule {
  return {
    validator: async (_rule, value) => {
      if (options.optional && !value) return;
      const error = schemaError(t, schema, value, options.words);
      if (error) throw new Error(error);
    },
  };
}
