import { describe, expect, it } from 'vitest';
import { readMapFile } from './read-map-file.ts';
import { parseConfigText } from './track-form-rules.ts';

const file = (name: string, text: string, type = '') => ({ name, type, size: text.length, text: async () => text });
const map = { points: [{ number: 1, type: 'serving', x: 0, y: 0 }], paths: [] };

describe('map file', () => {
  it('needs a JSON file', async () => {
    expect(await readMapFile(file('map.png', '{}', 'image/png'))).toEqual({ error: 'not_json_file' });
  });

  it('tells invalid JSON from an invalid map', async () => {
    expect(await readMapFile(file('map.json', '{"points": ['))).toEqual({ error: 'invalid_json' });
    const invalid = await readMapFile(file('map.json', JSON.stringify({ points: [{ number: 1 }], paths: [] })));
    expect(invalid).toMatchObject({ error: 'invalid_map', detail: expect.stringContaining('points.0') });
  });

  it('reads a valid map', async () => {
    expect(await readMapFile(file('MAP.JSON', JSON.stringify(map)))).toEqual({ map });
  });
});

describe('config text', () => {
  it('turns blank into an empty object and refuses what is not a JSON object', () => {
    expect(parseConfigText('  ')).toEqual({ config: {} });
    expect(parseConfigText('{"a": 1}')).toEqual({ config: { a: 1 } });
    expect(parseConfigText('{a: 1}')).toEqual({ error: 'invalid_json' });
    expect(parseConfigText('[1]')).toEqual({ error: 'config_not_object' });
  });
});
