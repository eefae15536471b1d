import { describe, expect, it } from 'vitest';
import { checkSendTarget, mapTables, pointsOfType, type TrackMapInput, trackMap } from '../src/index.ts';

const base: TrackMapInput = {
  points: [
    { number: 1, type: 'parking', x: 0, y: 0 },
    { number: 2, type: 'serving', x: 100, y: 0 },
    { number: 3, type: 'table', tableType: 'both', leftName: 'A1', rightName: 'B1', x: 200, y: 0 },
    { number: 4, type: 'table', tableType: 'whole', wholeName: 'VIP', x: 200, y: 100 },
    { number: 5, type: 'path', x: 0, y: 100 },
  ],
  paths: [
    { from: 1, to: 2, type: 'straight_right' },
    { from: 2, to: 3, type: 'straight_right' },
    { from: 3, to: 4, type: 'turn_right' },
    { from: 4, to: 5, type: 'straight_left' },
    { from: 5, to: 1, type: 'turn_right_close_loop' },
  ],
  tables: { pages: [{ rows: 2, columns: 2, cells: ['A1', 'B1', 'VIP', null] }] },
};
const issues = (input: unknown) => trackMap.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('track map', () => {
  it('accepts a valid map and fills defaults', () => {
    const map = trackMap.parse(base);
    expect(map.points[0]).toMatchObject({ judgeType: 'read_point', readDistance: 0, charge: false, markDirection: 'left_right' });
    expect(trackMap.parse({ points: [], paths: [] }).tables).toEqual({ pages: [] });
  });

  it('derives tables from table points', () => {
    expect(mapTables(trackMap.parse(base))).toEqual([
      { name: 'A1', point: 3, side: 'left' },
      { name: 'B1', point: 3, side: 'right' },
      { name: 'VIP', point: 4, side: 'whole' },
    ]);
    expect(pointsOfType(trackMap.parse(base), 'serving')).toEqual([2]);
  });

  it('refuses duplicate points, dangling paths and self loops', () => {
    const bad = {
      ...base,
      points: [...base.points, { number: 2, type: 'path', x: 1, y: 1 }],
      paths: [...base.paths, { from: 5, to: 99, type: 'bidirectional' }, { from: 5, to: 5, type: 'bidirectional' }],
    };
    expect(issues(bad)).toEqual(['points.5.number:duplicate_point', 'paths.5.to:unknown_point', 'paths.6.to:path_self_loop']);
  });

  it('refuses bad enums, a table point without table type and duplicate table names', () => {
    expect(trackMap.safeParse({ ...base, paths: [{ from: 1, to: 2, type: 'sideways' }] }).success).toBe(false);
    const pts = [...base.points];
    pts[3] = { number: 4, type: 'table', wholeName: 'A1', x: 0, y: 0 };
    expect(issues({ ...base, points: pts })).toContain('points.3.tableType:table_type_required');
    pts[3] = { number: 4, type: 'table', tableType: 'whole', wholeName: 'A1', x: 0, y: 0 };
    expect(issues({ ...base, points: pts })).toContain('points:duplicate_table_name');
  });

  it('checks the table layout against the map tables and grid size', () => {
    expect(issues({ ...base, tables: { pages: [{ rows: 1, columns: 2, cells: ['A1', 'Z9'] }] } })).toEqual([
      'tables.pages.0.cells.1:unknown_table',
    ]);
    expect(issues({ ...base, tables: { pages: [{ rows: 2, columns: 2, cells: ['A1'] }] } })).toEqual([
      'tables.pages.0.cells:cells_mismatch',
    ]);
  });

  it('checks send_target points against the map', () => {
    const map = trackMap.parse(base);
    expect(checkSendTarget(map, { servingPoint: 2, target: 3 })).toBeNull();
    expect(checkSendTarget(map, { servingPoint: 1, target: 3 })).toBe('not_a_serving_point');
    expect(checkSendTarget(map, { servingPoint: 2, target: 5 })).toBe('not_a_table_point');
    expect(checkSendTarget(map, { servingPoint: 2, target: 42 })).toBe('not_a_table_point');
  });
});
