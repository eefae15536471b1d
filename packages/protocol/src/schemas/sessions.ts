import { z } from 'zod';
import { int4Id, pageQuery } from './common.ts';

/**
 * Sessions (DESIGN section 1): an on-site controller, identified by its MAC address, with the
 * tracks it owns. A track belongs to at most one session (the controller drives its tracks).
 */
export const SESSION_LIMITS = { codeMax: 32, nameMax: 64, noteMax: 500, tracksMax: 200 } as const;

/** Spec section 5: letters and digits only. */
export const SESSION_CODE_PATTERN = /^[A-Za-z0-9]+$/;
/** The suggested form: S + year + a 3-digit serial, e.g. S2026001. */
export const suggestedSessionCode = (year: number, serial: number) => `S${year}${String(serial).padStart(3, '0')}`;

/** `XX:XX:XX:XX:XX:XX` with colons or hyphens (one kind throughout), hex digits in either case. */
export const MAC_PATTERN = /^[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/;
/** The one stored form: upper-case with colons, so `aa-bb-…` and `AA:BB:…` are the same controller. */
export const canonicalMac = (mac: string) => mac.trim().toUpperCase().replaceAll('-', ':');

export const sessionCode = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(SESSION_LIMITS.codeMax, { error: 'too_long' })
  .regex(SESSION_CODE_PATTERN, { error: 'session_code_format' });
export const sessionName = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(SESSION_LIMITS.nameMax, { error: 'too_long' });
export const macAddress = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .regex(MAC_PATTERN, { error: 'mac_format' })
  .transform(canonicalMac);
const sessionNote = z.string().trim().max(SESSION_LIMITS.noteMax, { error: 'too_long' });
const trackIds = z
  .array(int4Id)
  .max(SESSION_LIMITS.tracksMax, { error: 'too_many' })
  .transform((ids) => [...new Set(ids)]);

/** A track as a session shows it: id and name. */
export const sessionTrack = z.object({ id: z.number().int(), name: z.string() });

export const session = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  mac: z.string(),
  note: z.string().nullable().optional(),
  trackIds: z.array(z.number().int()),
  /** The assigned tracks with their names, in name order (the list shows names). */
  tracks: z.array(sessionTrack),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Session = z.infer<typeof session>;

export const createSessionBody = z.object({
  code: sessionCode,
  name: sessionName,
  mac: macAddress,
  note: sessionNote.optional(),
  trackIds: trackIds.default([]),
});
export type CreateSessionBody = z.infer<typeof createSessionBody>;
export type CreateSessionInput = z.input<typeof createSessionBody>;

/** A missing field keeps its value; `trackIds` replaces the whole assignment when present. */
export const updateSessionBody = z.object({
  code: sessionCode.optional(),
  name: sessionName.optional(),
  mac: macAddress.optional(),
  note: sessionNote.optional(),
  trackIds: trackIds.optional(),
});
export type UpdateSessionBody = z.infer<typeof updateSessionBody>;
export type UpdateSessionInput = z.input<typeof updateSessionBody>;

export const listSessionsQuery = pageQuery.extend({
  /** Code, name or MAC address (either separator). */
  q: z.string().trim().max(100).optional(),
});
export type ListSessionsQuery = z.infer<typeof listSessionsQuery>;

export const nextSessionCode = z.object({ code: z.string() });

/**
 * The answer when the session was saved but its track assignment was not (HTTP 207): `data`
 * is the session as stored (with the tracks it really has), `code` is `track_assignment_failed`.
 */
export const trackAssignmentFailure = z.object({
  success: z.literal(true),
  message: z.string(),
  code: z.literal('track_assignment_failed'),
  details: z.object({ reason: z.string(), requestedTrackIds: z.array(z.number().int()) }),
  data: session,
});
export type TrackAssignmentFailure = z.infer<typeof trackAssignmentFailure>;
