import { z } from 'zod';
import { SITE_DEVICE_KINDS } from '../mqtt/update-payloads.ts';
import { isoDateTime } from './common.ts';

/** What a device last reported about itself; `null` when it never has. */
const reported = z.object({ version: z.string(), reportedAt: isoDateTime }).nullable();

/**
 * `GET /system/versions`: the backend from its build; every session's on-site server and
 * ordering tablet as they last reported over the broker (the frontend knows its own version).
 */
export const systemVersions = z.object({
  backend: z.object({ version: z.string(), startedAt: isoDateTime }),
  sites: z.array(
    z.object({
      sessionCode: z.string(),
      sessionName: z.string().nullable(),
      site_server: reported,
      tablet: reported,
    }),
  ),
});
export type SystemVersions = z.infer<typeof systemVersions>;
export type SiteVersions = SystemVersions['sites'][number];
export const SITE_VERSION_KINDS = SITE_DEVICE_KINDS;

/** `POST /system/force-reload` and `POST /system/restart` answer what they did. */
export const systemActionResult = z.object({ action: z.enum(['force_reload', 'restart']), at: isoDateTime });
export type SystemActionResult = z.infer<typeof systemActionResult>;

/** The exit code with which the server asks its supervisor (npm start, systemd) to start it again. */
export const RESTART_EXIT_CODE = 75;
/**
 * The exit code of a start that failed on its configuration (a bad setting, a port in use): the
 * `npm start` supervisor stops when it repeats before the server ever served (docs/deploy.md).
 */
export const CONFIG_EXIT_CODE = 78;
/** The IPC message (`{type}`) the server sends its supervisor once HTTP and the broker listen. */
export const SUPERVISOR_SERVING = 'railserve:serving';
/** The variable in which the supervisor tells the server how often it started it again: JSON `{total, crashes}`. */
export const SUPERVISOR_ENV = 'RAILSERVE_SUPERVISOR';
