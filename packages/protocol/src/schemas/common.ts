import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../limits.ts';

export const idParam = z.object({ id: z.coerce.number().int().positive() });

export const isoDateTime = z.iso.datetime({ offset: true });

/** An IANA time zone name the runtime knows (`Asia/Taipei`, `UTC`): days and export times are shown in it. */
export const timeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'invalid_time_zone' },
  );

/** `?page=1&pageSize=20`; pageSize `all` turns paging off where a list allows it. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.union([z.literal('all'), z.coerce.number().int().min(1).max(PAGE_SIZE_MAX)]).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.union([z.number().int(), z.literal('all')]),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number | 'all' };

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}
export type Envelope<T> = { success: true; message?: string; data: T };

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Stable error codes; the web app translates them (locales `errors.<code>`). */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'invalid_credentials',
  'user_inactive',
  'username_taken',
  'cannot_delete_self',
  'cannot_deactivate_self',
  'broker_unavailable',
  'robot_offline',
  'internal_error',
  'session_code_taken',
  'mac_taken',
  'track_name_taken',
  'track_not_found',
  'track_assigned_elsewhere',
  'track_assignment_failed',
  'map_not_saved',
  'not_a_serving_point',
  'not_a_table_point',
  'robot_not_on_track',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
