import { TRACK_ERROR_CODES, TRACK_STATUS_CODES, type TrackErrorCode, type TrackStatusCode } from '@railserve/protocol';

/** Every status code a controller reports, in order. */
export const STATUS_CODES = Object.keys(TRACK_STATUS_CODES).map(Number);

/** Locale keys of the codes the controller reports (spec section 4). */
export const statusLabelKey = (code: number) => `tracks.status.${TRACK_STATUS_CODES[code as TrackStatusCode] ?? 'uninitialized'}`;
export const errorLabelKey = (code: number) => `tracks.error.${TRACK_ERROR_CODES[code as TrackErrorCode] ?? 'none'}`;

/** Tag colours: at a glance, green runs, blue starts up, gold waits for robots, red needs someone. */
export const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'gold', 3: 'success', 4: 'error' };
