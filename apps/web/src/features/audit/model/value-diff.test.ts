import { describe, expect, it } from 'vitest';
import { diffValues, displayValue, fillDays, sameValue } from './value-diff.ts';

describe('diffValues', () => {
  it('marks exactly the fields an edit changed, and lists them first', () => {
    const before = { id: 5, username: 'amy', nickname: 'Old', permission: 3, updatedAt: '2026-01-01' };
    const after = { id: 5, username: 'amy', nickname: 'New', permission: 3, updatedAt: '2026-01-02' };
    const rows = diffValues(before, after);
    expect(rows.map((r) => r.field)).toEqual(['nickname', 'updatedAt', 'id', 'username', 'permission']);
    expect(rows.filter((r) => r.changed).map((r) => r.field)).toEqual(['nickname', 'updatedAt']);
    expect(rows.find((r) => r.field === 'nickname')).toMatchObject({ oldValue: 'Old', newValue: 'New' });
  });

  it('treats every field of a create or a delete as changed', () => {
    expect(diffValues(null, { a: 1, b: 2 }).every((r) => r.changed && r.oldValue === undefined)).toBe(true);
    expect(diffValues({ a: 1 }, null)).toEqual([{ field: 'a', oldValue: 1, newValue: undefined, changed: true }]);
  });

  it('lists fields only one side has, and compares nested values by content', () => {
    const rows = diffValues({ trackIds: [1, 2], meta: { a: 1, b: 2 } }, { trackIds: [1, 2], meta: { b: 2, a: 1 }, note: 'x' });
    expect(rows).toEqual([
      { field: 'note', oldValue: undefined, newValue: 'x', changed: true },
      { field: 'trackIds', oldValue: [1, 2], newValue: [1, 2], changed: false },
      { field: 'meta', oldValue: { a: 1, b: 2 }, newValue: { b: 2, a: 1 }, changed: false },
    ]);
  });

  it('answers nothing without values, and one row for values that are not objects', () => {
    expect(diffValues(null, null)).toEqual([]);
    expect(diffValues([1], [1, 2])).toEqual([{ field: '', oldValue: [1], newValue: [1, 2], changed: true }]);
  });

  it('compares and shows JSON values', () => {
    expect(sameValue([{ a: 1 }], [{ a: 1 }])).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
    expect(displayValue('text')).toBe('text');
    expect(displayValue(null)).toBe('null');
    expect(displayValue({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});

describe('fillDays', () => {
  it('fills the days without records with zero', () => {
    expect(
      fillDays([
        { key: '2026-02-27', count: 2 },
        { key: '2026-03-02', count: 1 },
      ]),
    ).toEqual([
      { key: '2026-02-27', count: 2 },
      { key: '2026-02-28', count: 0 },
      { key: '2026-03-01', count: 0 },
      { key: '2026-03-02', count: 1 },
    ]);
    expect(fillDays([])).toEqual([]);
  });
});
