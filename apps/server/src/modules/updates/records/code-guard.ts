import type { FastifyRequest } from 'fastify';
import { boundedMap, createAttemptThrottle } from '../../../lib/attempt-throttle.ts';
import { AppError } from '../../../lib/errors.ts';
import { deviceName } from './device-download.ts';

/**
 * Wrong verification codes a minute per record and per identity or address (docs/protocol.md,
 * "Verification codes"): 5 per identity and record, 15 per identity or address over all
 * records, and after 5 wrong in a row on one record each further try waits 1 s, 2 s … 60 s.
 */
export const CODE_TRIES_PER_MINUTE = 5;
/** A burst of wrong codes ends after this long without one. */
const BURST_QUIET_MS = 15 * 60_000;

/**
 * `ownDevice`: the caller is the record's own device. Its wrong codes wait on a streak of their
 * own, so users guessing a robot's code cannot keep that robot from downloading its update.
 */
export type CodeGuard = {
  /** Throws 429 (with Retry-After) when this identity or address, or the record, must wait. */
  check(request: FastifyRequest, recordId: number, ownDevice: boolean): void;
  failed(request: FastifyRequest, recordId: number, ownDevice: boolean): void;
  succeeded(request: FastifyRequest, recordId: number, ownDevice: boolean): void;
};

const subjectOf = (recordId: number, ownDevice: boolean) => `record:${recordId}${ownDevice ? ':own-device' : ''}`;

type Burst = { at: number; refusalRecorded: boolean };

/** The identity (user or device) and the address an attempt counts against. */
function sourcesOf(request: FastifyRequest) {
  const identity = request.device ? `device:${deviceName(request.device)}` : `user:${request.user?.id ?? 'none'}`;
  return [identity, `address:${request.ip}`];
}

/**
 * The guard on `GET /updates/{id}/download`, on the shared attempt throttle. A burst of wrong
 * codes from one identity and address (on any records) is audited when it starts (the first
 * wrong code) and when it is first refused; the tries in between and the further refusals write
 * no audit record, so guessing at speed cannot flood the audit log. A correct code ends the burst.
 */
export function createCodeGuard(now: () => number = Date.now): CodeGuard {
  const throttle = createAttemptThrottle({ perMinute: CODE_TRIES_PER_MINUTE, sourceCounts: 'failures', now });
  const bursts = new Map<string, Burst>();
  const burstOf = (request: FastifyRequest) => {
    const key = sourcesOf(request).join('|');
    const found = bursts.get(key);
    return { key, burst: found && now() - found.at < BURST_QUIET_MS ? found : undefined };
  };
  const skipAudit = (request: FastifyRequest) => {
    request.auditContext = { type: 'export', target: '', skip: true };
  };

  return {
    check(request, recordId, ownDevice) {
      const wait = throttle.check(sourcesOf(request), subjectOf(recordId, ownDevice));
      if (wait === 0) return;
      const { key, burst } = burstOf(request);
      if (burst?.refusalRecorded) skipAudit(request);
      else if (burst) burst.refusalRecorded = true;
      else boundedMap(bursts).set(key, { at: now(), refusalRecorded: true });
      throw new AppError(429, 'too_many_wrong_codes', `Too many wrong verification codes: refused for ${wait} s`, {
        retryAfterSeconds: wait,
      });
    },
    failed(request, recordId, ownDevice) {
      throttle.failed(sourcesOf(request), subjectOf(recordId, ownDevice));
      const { key, burst } = burstOf(request);
      if (burst) {
        burst.at = now();
        skipAudit(request);
        return;
      }
      bursts.delete(key);
      boundedMap(bursts).set(key, { at: now(), refusalRecorded: false });
    },
    succeeded(request, recordId, ownDevice) {
      throttle.succeeded(sourcesOf(request), subjectOf(recordId, ownDevice));
      bursts.delete(burstOf(request).key);
    },
  };
}
