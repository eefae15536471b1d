import type { Robot } from '@railserve/protocol';

/** The longest label a robot's marker on the map holds. */
export const MARKER_LABEL_MAX = 4;

/**
 * What a robot's marker on the map reads, so robots side by side can be told apart: its console
 * name when that is short ("A1"), else the number its name or SN ends with ("SIM-0007" reads 7),
 * else the first characters of its name or SN.
 */
export function robotMarkerLabel(robot: Pick<Robot, 'sn' | 'name'>): string {
  const name = robot.name?.trim();
  if (name && [...name].length <= MARKER_LABEL_MAX) return name;
  for (const source of [name, robot.sn]) {
    const digits = source?.match(/(\d+)\D*$/)?.[1];
    if (digits) return String(Number(digits.slice(-MARKER_LABEL_MAX)));
  }
  return [...(name || robot.sn)].slice(0, MARKER_LABEL_MAX).join('');
}
