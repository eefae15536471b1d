import type { TFunction } from 'i18next';

/** The reasons the simulator and the server word (robot-update.ts, rollout-service.ts), in the reader's language. */
const REASONS: [RegExp, string][] = [
  [/^checksum mismatch/, 'updates.reasons.checksum'],
  [/^signature mismatch/, 'updates.reasons.signature'],
  [/^signature key unavailable/, 'updates.reasons.signatureKey'],
  [/^download refused: not a path on the console/, 'updates.reasons.notServerPath'],
  [/^download refused: HTTP (?<status>\d+)/, 'updates.reasons.refused'],
  [/^download failed/, 'updates.reasons.downloadFailed'],
  [/^update command timed out/, 'updates.reasons.timedOut'],
  [/^update command failed: (?<error>.*)$/, 'updates.reasons.commandFailed'],
  [/^not sent: robot (?<sn>\S+) is offline/, 'updates.reasons.offline'],
];

/** A device's failure reason translated when it is one we know, else as the device said it. */
export function failureReasonText(t: TFunction, reason: string): string {
  for (const [pattern, key] of REASONS) {
    const match = pattern.exec(reason);
    if (match) return t(key, { ...match.groups });
  }
  return reason;
}
