import { z } from 'zod';
import { MAP_JUDGE_TYPES, MAP_MARK_DIRECTIONS, MAP_PATH_TYPES, MAP_POINT_TYPES, MAP_TABLE_TYPES } from '../enums.ts';

/**
 * The saved track map: what the map editor saves (`PUT /tracks/{id}/map`), what a JSON map
 * file loads, and what the server publishes retained on `HCP4/track/{id}/map` for the track's
 * controller and robots. Optional switches default so a hand-written JSON file stays short.
 */
export const MAP_LIMITS = { points: 2000, paths: 8000, pages: 50, rows: 20, columns: 20, nameMax: 32, topicMax: 128 };

export type MapPointType = (typeof MAP_POINT_TYPES)[number];
export type MapTableType = (typeof MAP_TABLE_TYPES)[number];
export type MapPathType = (typeof MAP_PATH_TYPES)[number];

/** Point numbers are what robots read from the floor tags: 0-65535. */
export const pointNumber = z.number({ error: 'required' }).int({ error: 'not_integer' }).min(0).max(65_535);
const coordinate = z.number().min(-1_000_000).max(1_000_000);
/** PostgreSQL refuses U+0000 in jsonb: a map carrying one is refused at the edge, not by the database. */
const noNul = (s: string) => !s.includes('\u0000');
const tableName = z.string().trim().min(1).max(MAP_LIMITS.nameMax).refine(noNul, { error: 'nul_character' });
const topicName = z.string().max(MAP_LIMITS.topicMax).refine(noNul, { error: 'nul_character' });

export const mapPoint = z.object({
  number: pointNumber,
  type: z.enum(MAP_POINT_TYPES),
  /** Which side(s) of a table point serve a table; only meaningful on table points. */
  tableType: z.enum(MAP_TABLE_TYPES).optional(),
  markDirection: z.enum(MAP_MARK_DIRECTIONS).default('left_right'),
  leftName: tableName.optional(),
  rightName: tableName.optional(),
  wholeName: tableName.optional(),
  /** How the robot decides it reached the point: reading its tag, or driving readDistance mm past the last one. */
  judgeType: z.enum(MAP_JUDGE_TYPES).default('read_point'),
  readDistance: z.number().int().min(0).max(100_000).default(0),
  cannotWait: z.boolean().default(false),
  charge: z.boolean().default(false),
  reverse: z.boolean().default(false),
  pickupPlatform: z.boolean().default(false),
  wholeTopic: topicName.optional(),
  topic1: topicName.optional(),
  topic2: topicName.optional(),
  /** Position on the editor canvas, in canvas pixels at scale 1. */
  x: coordinate,
  y: coordinate,
});
export type MapPoint = z.infer<typeof mapPoint>;

export const mapPath = z.object({
  from: pointNumber,
  to: pointNumber,
  type: z.enum(MAP_PATH_TYPES),
});
export type MapPath = z.infer<typeof mapPath>;

/** One page of the table layout grid shown on the ordering tablet; cells are row-major table names. */
export const tableLayoutPage = z
  .object({
    /** The tab label on the tablet; pages without one are numbered. */
    name: z.string().trim().max(MAP_LIMITS.nameMax).optional(),
    rows: z.number().int().min(1).max(MAP_LIMITS.rows),
    columns: z.number().int().min(1).max(MAP_LIMITS.columns),
    cells: z.array(tableName.nullable()),
  })
  .refine((p) => p.cells.length === p.rows * p.columns, { error: 'cells_mismatch', path: ['cells'] });
export const tableLayout = z.object({ pages: z.array(tableLayoutPage).max(MAP_LIMITS.pages) });
export type TableLayout = z.infer<typeof tableLayout>;

/** The background image the editor aligns points on (the file itself is stored by the server). */
export const mapBackground = z.object({
  file: z.string().min(1).max(256).refine(noNul, { error: 'nul_character' }),
  x: coordinate.default(0),
  y: coordinate.default(0),
  scale: z.number().positive().max(100).default(1),
  locked: z.boolean().default(false),
});

const trackMapShape = z.object({
  points: z.array(mapPoint).max(MAP_LIMITS.points),
  paths: z.array(mapPath).max(MAP_LIMITS.paths),
  tables: tableLayout.default({ pages: [] }),
  background: mapBackground.optional(),
});

/** A table a customer can be served at: a name on one side of a table point. */
export type MapTable = { name: string; point: number; side: 'left' | 'right' | 'whole' };

/** The tables a map defines, from its table points' names, in point order. */
export function mapTables(map: { points: readonly MapPoint[] }): MapTable[] {
  const out: MapTable[] = [];
  for (const p of map.points) {
    if (p.type !== 'table') continue;
    const t = p.tableType ?? 'both';
    if ((t === 'left' || t === 'both') && p.leftName) out.push({ name: p.leftName, point: p.number, side: 'left' });
    if ((t === 'right' || t === 'both') && p.rightName) out.push({ name: p.rightName, point: p.number, side: 'right' });
    if (t === 'whole' && p.wholeName) out.push({ name: p.wholeName, point: p.number, side: 'whole' });
  }
  return out;
}

/** Cross-checks a single field cannot express; error messages are keys the web app translates. */
export const trackMap = trackMapShape.superRefine((map, ctx) => {
  const numbers = new Set<number>();
  map.points.forEach((p, i) => {
    if (numbers.has(p.number)) ctx.addIssue({ code: 'custom', path: ['points', i, 'number'], message: 'duplicate_point' });
    numbers.add(p.number);
    if (p.type === 'table' && !p.tableType) {
      ctx.addIssue({ code: 'custom', path: ['points', i, 'tableType'], message: 'table_type_required' });
    }
  });
  map.paths.forEach((path, i) => {
    if (!numbers.has(path.from)) ctx.addIssue({ code: 'custom', path: ['paths', i, 'from'], message: 'unknown_point' });
    if (!numbers.has(path.to)) ctx.addIssue({ code: 'custom', path: ['paths', i, 'to'], message: 'unknown_point' });
    if (path.from === path.to) ctx.addIssue({ code: 'custom', path: ['paths', i, 'to'], message: 'path_self_loop' });
  });
  const names = new Set<string>();
  for (const t of mapTables(map)) {
    if (names.has(t.name)) ctx.addIssue({ code: 'custom', path: ['points'], message: 'duplicate_table_name', params: t });
    names.add(t.name);
  }
  map.tables.pages.forEach((page, pi) => {
    page.cells.forEach((cell, ci) => {
      if (cell !== null && !names.has(cell)) {
        ctx.addIssue({ code: 'custom', path: ['tables', 'pages', pi, 'cells', ci], message: 'unknown_table' });
      }
    });
  });
});
export type TrackMap = z.infer<typeof trackMap>;
export type TrackMapInput = z.input<typeof trackMap>;

export const pointsOfType = (map: { points: readonly MapPoint[] }, type: MapPointType) =>
  map.points.filter((p) => p.type === type).map((p) => p.number);

/**
 * Checks `send_target` against a saved map (DESIGN section 4): the serving point must be a
 * serving point and the target a table point. Returns an error key, or null when it is fine.
 */
export function checkSendTarget(
  map: { points: readonly MapPoint[] },
  args: { servingPoint: number; target: number },
): 'not_a_serving_point' | 'not_a_table_point' | null {
  const type = (n: number) => map.points.find((p) => p.number === n)?.type;
  if (type(args.servingPoint) !== 'serving') return 'not_a_serving_point';
  if (type(args.target) !== 'table') return 'not_a_table_point';
  return null;
}
