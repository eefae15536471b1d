import { type MapPath, type MapPoint, type TrackMap, trackMap } from '@railserve/protocol';

export type TrackMapPlan = {
  /** Parking (HOME) points, one per robot the track should hold; they charge robots. */
  parking: number;
  /** Table points; every third one serves a whole table, the others a table on each side. */
  tables: number;
  /** Canvas size of the loop, in editor pixels. */
  width?: number;
  height?: number;
};

/**
 * A one-way loop track: parking points, one serving point, then a path point before each table
 * point and two path points back to parking. Points are numbered 1..n in driving order and laid
 * out clockwise around a rectangle, so the map editor shows something a person would draw.
 */
export function generateTrackMap(plan: TrackMapPlan): TrackMap {
  const kinds: Array<MapPoint['type']> = [
    ...Array<MapPoint['type']>(Math.max(1, plan.parking)).fill('parking'),
    'serving',
    ...Array.from({ length: plan.tables }, () => ['path', 'table'] as const).flat(),
    'path',
    'path',
  ];
  const width = plan.width ?? 1000;
  const height = plan.height ?? 500;
  let table = 0;
  const points = kinds.map((type, i) => {
    const { x, y } = onRectangle(i / kinds.length, width, height);
    const point: Partial<MapPoint> & Pick<MapPoint, 'number' | 'type' | 'x' | 'y'> = { number: i + 1, type, x, y };
    if (type === 'parking') point.charge = true;
    if (type === 'table') {
      table += 1;
      if (table % 3 === 0) Object.assign(point, { tableType: 'whole', wholeName: `W${table}` });
      else Object.assign(point, { tableType: 'both', leftName: `A${table}`, rightName: `B${table}` });
    }
    return point;
  });
  const paths: MapPath[] = points.map((p, i) => {
    const q = points[(i + 1) % points.length];
    if (i === points.length - 1) return { from: p.number, to: q.number, type: 'turn_right_close_loop' };
    const type = q.x > p.x ? 'straight_right' : q.x < p.x ? 'straight_left' : 'turn_right';
    return { from: p.number, to: q.number, type };
  });
  const names = points.flatMap((p) => [p.leftName, p.rightName, p.wholeName].filter((n): n is string => !!n));
  const columns = 4;
  const rows = Math.max(1, Math.ceil(names.length / columns));
  const cells = Array.from({ length: rows * columns }, (_, i) => names[i] ?? null);
  return trackMap.parse({ points, paths, tables: { pages: [{ rows, columns, cells }] } });
}

/** A position at fraction f (0..1) of the way clockwise around a rectangle from its top-left corner. */
function onRectangle(f: number, width: number, height: number) {
  let d = f * 2 * (width + height);
  const round = (v: number) => Math.round(v);
  if (d < width) return { x: round(d), y: 0 };
  d -= width;
  if (d < height) return { x: width, y: round(d) };
  d -= height;
  if (d < width) return { x: round(width - d), y: height };
  d -= width;
  return { x: 0, y: round(height - d) };
}
