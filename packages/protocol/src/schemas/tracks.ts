import { z } from 'zod';
import { ROBOT_CONNECTIONS, ROBOT_STATES, TRACK_MODES, TRACK_TYPES } from '../enums.ts';
import { dbId, pageQuery } from './common.ts';

export const TRACK_LIMITS = { nameMax: 64, configBytesMax: 16_384 } as const;

/**
 * How the ordering tablet lists the track's tables: `grid` uses the pages of the map's table
 * layout (rows and columns), `list` shows every table in point order.
 */
export const TRACK_DISPLAY_MODES = ['grid', 'list'] as const;
export type TrackDisplayMode = (typeof TRACK_DISPLAY_MODES)[number];

export const trackName = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(TRACK_LIMITS.nameMax, { error: 'too_long' });

/**
 * The controller's free-form settings for the track: a JSON object (not an array, not a
 * scalar) of at most 16 KB as JSON. The form edits it as JSON text.
 */
export const trackConfig = z
  .record(z.string(), z.unknown(), { error: 'config_not_object' })
  .refine((value) => JSON.stringify(value).length <= TRACK_LIMITS.configBytesMax, { error: 'config_too_large' });

export const track = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TRACK_TYPES),
  config: z.record(z.string(), z.unknown()),
  /** 0-4, from the controller's last status (TRACK_STATUS_CODES). */
  statusCode: z.number().int().min(0).max(4),
  /** 0-2, from the controller's last status (TRACK_ERROR_CODES). */
  errorCode: z.number().int().min(0).max(2),
  /** The controller's live mode; registerMode and viewerMode are this mode as switches. */
  mode: z.enum(TRACK_MODES),
  registerMode: z.boolean(),
  viewerMode: z.boolean(),
  /** Serial numbers of the robots the controller reports on the track. */
  robots: z.array(z.string()),
  /** When the controller last reported; null when it never has. */
  statusAt: z.string().nullable(),
  tableNumberPlay: z.boolean(),
  displayMode: z.enum(TRACK_DISPLAY_MODES),
  /** The session (on-site controller) the track is assigned to. */
  sessionId: z.number().int().nullable(),
  hasMap: z.boolean(),
  mapUpdatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Track = z.infer<typeof track>;

export const createTrackBody = z.object({
  name: trackName,
  type: z.enum(TRACK_TYPES, { error: 'required' }),
  config: trackConfig.default({}),
  tableNumberPlay: z.boolean().default(false),
  displayMode: z.enum(TRACK_DISPLAY_MODES).default('grid'),
});
export type CreateTrackBody = z.infer<typeof createTrackBody>;
export type CreateTrackInput = z.input<typeof createTrackBody>;

/** A missing field keeps its value. Register and viewer mode change by command, not here. */
export const updateTrackBody = z.object({
  name: trackName.optional(),
  type: z.enum(TRACK_TYPES).optional(),
  config: trackConfig.optional(),
  tableNumberPlay: z.boolean().optional(),
  displayMode: z.enum(TRACK_DISPLAY_MODES).optional(),
});
export type UpdateTrackBody = z.infer<typeof updateTrackBody>;

export const listTracksQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  type: z.enum(TRACK_TYPES).optional(),
  statusCode: z.coerce.number().int().min(0).max(4).optional(),
  /** `none` lists the tracks no session has, for the session form's picker. */
  sessionId: z.union([z.literal('none'), dbId]).optional(),
});
export type ListTracksQuery = z.infer<typeof listTracksQuery>;

/** One change of a track's status, error or mode as the controller reported it. */
export const trackStatusChange = z.object({
  id: z.number().int(),
  trackId: z.number().int(),
  statusCode: z.number().int(),
  errorCode: z.number().int(),
  mode: z.enum(TRACK_MODES),
  robots: z.array(z.string()),
  at: z.string(),
});
export type TrackStatusChange = z.infer<typeof trackStatusChange>;

/** A robot on a track with its live state; the fields after `sn` are null for a robot not registered yet. */
export const trackRobot = z.object({
  sn: z.string(),
  name: z.string().nullable(),
  state: z.enum(ROBOT_STATES).nullable(),
  connection: z.enum(ROBOT_CONNECTIONS).nullable(),
  battery: z.number().nullable(),
  point: z.number().int().nullable(),
  alarms: z.array(z.string()),
});
export type TrackRobot = z.infer<typeof trackRobot>;

/** `POST /tracks/{id}/commands?wait=true` answers once the command is acknowledged, failed or timed out. */
export const sendCommandQuery = z.object({ wait: z.stringbool().default(false) });
