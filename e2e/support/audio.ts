import type { TrackMap } from '@railserve/protocol';

import { wav } from '../../apps/server/test/support/wav.ts';

export { buildZip } from '../../apps/server/test/support/zip.ts';
export { wav };

/** Small files recognised (or not) by their content. */
export const sampleFiles = {
  wav: wav(800),
  ogg: Buffer.concat([Buffer.from('OggS'), Buffer.from([0, 2]), Buffer.alloc(40)]),
  text: Buffer.from('this is only text pretending to be audio\n'),
};

/** A map with `tables` whole-named tables T1..Tn on table points 10.., one serving point and one parking point. */
export function tableMap(tables: number): TrackMap {
  const points: TrackMap['points'] = [
    { number: 1, type: 'serving', x: 0, y: 0 } as TrackMap['points'][number],
    { number: 2, type: 'parking', x: 0, y: 100 } as TrackMap['points'][number],
  ];
  for (let i = 0; i < tables; i++) {
    points.push({
      number: 10 + i,
      type: 'table',
      tableType: 'left',
      leftName: `T${i + 1}`,
      x: 100 + i * 40,
      y: 0,
    } as TrackMap['points'][number]);
  }
  const paths = points.slice(1).map((p, i) => ({ from: points[i].number, to: p.number, type: 'bidirectional' as const }));
  return { points, paths, tables: { pages: [] } };
}
