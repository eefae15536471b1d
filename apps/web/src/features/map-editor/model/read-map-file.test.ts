import { describe, expect, it } from 'vitest';
import { mapFileText, readMapFile } from './read-map-file.ts';

const file = (name: string, text: string, type = '') => ({ name, type, size: text.length, text: async () => text });
const point = (number: number, extra: Record<string, unknown> = {}) => ({ number, type: 'path', x: 0, y: 0, ...extra });

describe('reading a map file', () => {
  it('asks for a JSON file and reports invalid JSON', async () => {
    expect(await readMapFile(file('map.txt', '{}'))).toEqual({ error: { key: 'load.errors.notJsonFile', values: {} } });
    expect(await readMapFile(file('map.json', '{"points": ['))).toEqual({
      error: { key: 'load.errors.invalidJson', values: {} },
    });
  });

  it('names the first bad point by position and number, not a raw code', async () => {
    const text = JSON.stringify({ points: [point(1), point(2), point(2)], paths: [] });
    expect(await readMapFile(file('map.json', text))).toEqual({
      error: { key: 'load.issues.point', values: { position: 3, number: 2, field: 'number', problem: 'duplicate_point' } },
    });
    const badType = JSON.stringify({ points: [point(1, { type: 'kitchen' })], paths: [] });
    expect(await readMapFile(file('map.json', badType))).toMatchObject({
      error: { key: 'load.issues.point', values: { position: 1, number: 1, field: 'type', problem: 'not_allowed' } },
    });
  });

  it('names a path to an unknown point and a doubled table name', async () => {
    const path = JSON.stringify({ points: [point(1)], paths: [{ from: 1, to: 9, type: 'bidirectional' }] });
    expect(await readMapFile(file('m.json', path))).toMatchObject({
      error: { key: 'load.issues.path', values: { from: '1', to: '9', problem: 'unknown_point' } },
    });
    const tables = JSON.stringify({
      points: [
        point(1, { type: 'table', tableType: 'left', leftName: 'A' }),
        point(2, { type: 'table', tableType: 'left', leftName: 'A' }),
      ],
      paths: [],
    });
    expect(await readMapFile(file('m.json', tables))).toEqual({
      error: { key: 'load.issues.duplicateTable', values: { name: 'A' } },
    });
  });

  it('reads back what it exports', async () => {
    const read = await readMapFile(
      file('m.json', JSON.stringify({ points: [point(1), point(2)], paths: [{ from: 1, to: 2, type: 'turn_left' }] })),
    );
    if (!('map' in read)) throw new Error('the map did not load');
    expect(await readMapFile(file('again.json', mapFileText(read.map)))).toEqual(read);
  });
});
