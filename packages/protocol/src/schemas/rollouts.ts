import { z } from 'zod';
import { ROLLOUT_STATUSES } from '../enums.ts';
import { SN_PATTERN } from '../mqtt/topics.ts';
import { updateFailure } from '../update-failures.ts';
import { isoDateTime } from './common.ts';

/** Which robots a staged rollout updates. */
export const rolloutScope = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('robot'), sn: z.string().regex(SN_PATTERN, { error: 'invalid_sn' }) }),
  z.strictObject({ kind: z.literal('track'), trackId: z.number().int().positive().max(2_147_483_647) }),
  z.strictObject({ kind: z.literal('session'), sessionId: z.number().int().positive().max(2_147_483_647) }),
  z.strictObject({ kind: z.literal('all') }),
]);
export type RolloutScope = z.infer<typeof rolloutScope>;

export const ROLLOUT_LIMITS = { robotsMax: 500 } as const;

/** `POST /updates/rollouts`: a firmware file to the chosen robots, a first group, then the rest. */
export const createRolloutBody = z.strictObject({
  fileId: z.number().int().positive().max(2_147_483_647),
  scope: rolloutScope,
  firstGroupSize: z.number().int().min(1).max(ROLLOUT_LIMITS.robotsMax),
});
export type CreateRolloutBody = z.infer<typeof createRolloutBody>;

export const rolloutRobot = z.object({
  sn: z.string(),
  recordId: z.number().int(),
  group: z.enum(['first', 'rest']),
  status: z.string(),
  failureReason: z.string().nullable(),
  /** The failure reason's code, when it is one the console words (else the reason is a device's own text). */
  failure: updateFailure.nullable(),
  /** The robot answered "busy": when it is asked again, and when it counts as failed if still busy. */
  retryAt: isoDateTime.nullable(),
  deadline: isoDateTime.nullable(),
});

export const rollout = z.object({
  id: z.number().int(),
  fileId: z.number().int(),
  filename: z.string(),
  version: z.string(),
  scope: rolloutScope,
  firstGroupSize: z.number().int(),
  status: z.enum(ROLLOUT_STATUSES),
  /** Where and why a stopped rollout stopped (`failure`: the reason's code, as for a robot). */
  stoppedAt: z.object({ sn: z.string(), reason: z.string(), failure: updateFailure.nullable() }).nullable(),
  robots: z.array(rolloutRobot),
  username: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Rollout = z.infer<typeof rollout>;
