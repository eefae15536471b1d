import { describe, expect, it } from 'vitest';
import { clipForEntryName, dbId as recordId, tableLayoutIssues } from '../src/index.ts';

const tables = [{ name: 'A1' }, { name: 'A2' }, { name: 'B1' }];

describe('table layout against the map', () => {
  it('finds duplicates, cells naming no table, and tables on no page', () => {
    const issues = tableLayoutIssues(
      {
        pages: [
          { rows: 1, columns: 3, cells: ['A1', 'Z9', null] },
          { rows: 1, columns: 2, cells: ['A1', null] },
        ],
      },
      tables,
    );
    expect(issues).toEqual({ duplicates: ['A1'], unknown: ['Z9'], unplaced: ['A2', 'B1'] });
  });

  it('has no issues when every table is placed once', () => {
    const layout = { pages: [{ rows: 2, columns: 2, cells: ['A1', 'A2', 'B1', null] }] };
    expect(tableLayoutIssues(layout, tables)).toEqual({ duplicates: [], unknown: [], unplaced: [] });
  });
});

describe('ZIP entry names', () => {
  it.each([
    ['init_complete.wav', { kind: 'system', name: 'init_complete' }],
    ['folder/Open_Lid_Final_Warning.MP3', { kind: 'system', name: 'open_lid_final_warning' }],
    ['A1.ogg', { kind: 'table', name: 'A1' }],
    ['a1.ogg', { kind: 'custom', name: 'a1' }],
    ['Welcome back.m4a', { kind: 'custom', name: 'Welcome back' }],
    ['.wav', null],
    [`${'x'.repeat(65)}.wav`, null],
  ])('%s', (entry, expected) => {
    expect(clipForEntryName(entry, ['A1', 'A2'])).toEqual(expected);
  });
});

describe('record ids in paths', () => {
  it.each(['1', '2147483647'])('takes %s', (id) => expect(recordId.safeParse(id).success).toBe(true));
  it.each(['0', '2147483648', '1e3', ' 1', '-1', '01', ''])('refuses %j', (id) =>
    expect(recordId.safeParse(id).success).toBe(false),
  );
});
