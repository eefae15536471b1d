import { z } from 'zod';
import { type CommandErrorMessage, parseCommandError } from './command-errors.ts';

/**
 * Why an update record failed, as a code: the console says it in the reader's language. The
 * wire carries text (an upgrade report's `reason`, an ack's `error`: docs/protocol.md), so the
 * server keeps the text it got or wrote and reads the code back from it with
 * `parseUpdateFailure`; a device's text outside this list is shown as sent.
 */
export const UPDATE_FAILURE_CODES = [
  'checksum',
  'signature',
  'signature_key',
  'not_server_path',
  'download_refused',
  'download_failed',
  'timed_out',
  'device_refused',
  'offline',
  'busy_deadline',
] as const;
export type UpdateFailureCode = (typeof UPDATE_FAILURE_CODES)[number];

export const updateFailure = z.object({
  code: z.enum(UPDATE_FAILURE_CODES),
  /** The values the words need: an HTTP status, a robot, a device's own error text. */
  values: z.record(z.string(), z.string()),
});
export type UpdateFailure = z.infer<typeof updateFailure>;

/** The texts the server writes into a record's failure reason. */
const SERVER_WORDS = {
  timed_out: 'update command timed out',
  device_refused: 'update command failed: {error}',
  offline: 'not sent: robot {sn} is offline',
  busy_deadline: 'robot stayed busy past the rollout deadline',
} as const;
export type ServerUpdateFailure = keyof typeof SERVER_WORDS;

/** The reason text the server stores for one of its own failures. */
export const formatUpdateFailure = (code: ServerUpdateFailure, values: { error?: string; sn?: string } = {}) =>
  SERVER_WORDS[code].replace(/\{(\w+)\}/g, (_, name: 'error' | 'sn') => values[name] ?? '');

/**
 * The texts devices report (the robot firmware and tools/robot-sim/src/robot-update.ts) and the
 * server's own, each anchored at the start; named groups are the values.
 */
const READERS: [RegExp, UpdateFailureCode][] = [
  [/^checksum mismatch/, 'checksum'],
  [/^signature mismatch/, 'signature'],
  [/^signature key unavailable/, 'signature_key'],
  [/^download refused: not a path on the console/, 'not_server_path'],
  [/^download refused: HTTP (?<status>\d{3})/, 'download_refused'],
  [/^download failed/, 'download_failed'],
  [/^update command timed out$/, 'timed_out'],
  [/^update command failed: (?<error>.*)$/s, 'device_refused'],
  [/^not sent: robot (?<sn>\S+) is offline$/, 'offline'],
  [/^robot stayed busy past the rollout deadline$/, 'busy_deadline'],
];

/** The code of a failure reason, with its values; undefined for a device's own free text. */
export function parseUpdateFailure(reason: string | null | undefined): UpdateFailure | undefined {
  if (!reason) return undefined;
  for (const [pattern, code] of READERS) {
    const match = pattern.exec(reason);
    if (match) return { code, values: { ...match.groups } };
  }
  return undefined;
}

/**
 * Answers to an `update` command that mean "not now" rather than "no": the robot is driving or
 * serving, starting up, or installing. A staged rollout retries such a robot until its deadline.
 */
const NOT_NOW: readonly CommandErrorMessage[] = ['robot_busy', 'robot_initializing', 'robot_upgrading'];

export const isBusyAnswer = (error: string | null | undefined) => {
  const key = error ? parseCommandError(error)?.key : undefined;
  return key !== undefined && NOT_NOW.includes(key);
};
