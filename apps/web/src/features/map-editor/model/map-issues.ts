import type { z } from 'zod';

/** A readable message: a locale key of the map-editor area and its values. */
export type ReadableIssue = { key: string; values: Record<string, string | number> };

/** The map checks' own words (protocol track-map), next to zod's general ones. */
const MAP_PROBLEMS = new Set([
  'duplicate_point',
  'table_type_required',
  'unknown_point',
  'path_self_loop',
  'duplicate_table_name',
  'unknown_table',
  'nul_character',
  'cells_mismatch',
]);

/** The problem in words: the map checks' key, else zod's kind of mistake. */
function problemOf(issue: Pick<z.core.$ZodIssue, 'code' | 'message'>): string {
  if (issue.code === 'custom' && MAP_PROBLEMS.has(issue.message)) return issue.message;
  if (MAP_PROBLEMS.has(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return 'wrong_type';
    case 'too_big':
      return 'too_big';
    case 'too_small':
      return 'too_small';
    case 'invalid_value':
      return 'not_allowed';
    default:
      return 'invalid';
  }
}

const at = (value: unknown, index: number) =>
  (Array.isArray(value) ? value[index] : undefined) as Record<string, unknown> | undefined;

/**
 * Turns a map schema issue into words: which point (its position and number) or path (its ends)
 * and which field, never a raw code like `duplicate_point`. `raw` is the map as read.
 */
export function describeMapIssue(
  issue: Pick<z.core.$ZodIssue, 'code' | 'message' | 'path'>,
  raw: unknown,
  problemParams?: { name?: string },
): ReadableIssue {
  const [section, index, field] = issue.path;
  const problem = problemOf(issue);
  const body = (raw ?? {}) as Record<string, unknown>;
  if (section === 'points' && typeof index === 'number') {
    const point = at(body.points, index);
    const number = typeof point?.number === 'number' ? point.number : '?';
    return { key: 'load.issues.point', values: { position: index + 1, number, field: String(field ?? ''), problem } };
  }
  if (section === 'paths' && typeof index === 'number') {
    const path = at(body.paths, index);
    return {
      key: 'load.issues.path',
      values: {
        position: index + 1,
        from: String(path?.from ?? '?'),
        to: String(path?.to ?? '?'),
        field: String(field ?? ''),
        problem,
      },
    };
  }
  if (problem === 'duplicate_table_name')
    return { key: 'load.issues.duplicateTable', values: { name: problemParams?.name ?? '' } };
  if (section === 'tables') return { key: 'load.issues.tables', values: { problem } };
  return { key: 'load.issues.map', values: { field: String(section ?? ''), problem } };
}
