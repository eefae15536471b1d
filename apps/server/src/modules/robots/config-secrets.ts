import { type RobotConfigGroup, WRITE_ONLY_CONFIG_FIELDS } from '@railserve/protocol';

/**
 * Write-only configuration fields (the WiFi password): never answered by the API, only whether
 * each is set; a blank or missing value in a write keeps the value the robot last reported.
 */
export function hideWriteOnly(group: RobotConfigGroup, reported: Record<string, unknown>) {
  const data = { ...reported };
  const writeOnlySet: Record<string, boolean> = {};
  for (const field of WRITE_ONLY_CONFIG_FIELDS[group]) {
    writeOnlySet[field] = typeof data[field] === 'string' && data[field] !== '';
    delete data[field];
  }
  return { data, writeOnlySet };
}

/** The write with every blank write-only field taken from the last report; the fields still missing after that. */
export function fillWriteOnly(
  group: RobotConfigGroup,
  written: Record<string, unknown>,
  reported: Record<string, unknown> | undefined,
) {
  const data = { ...written };
  const missing: string[] = [];
  for (const field of WRITE_ONLY_CONFIG_FIELDS[group]) {
    if (data[field] !== undefined && data[field] !== '') continue;
    const kept = reported?.[field];
    if (typeof kept === 'string' && kept !== '') data[field] = kept;
    else missing.push(field);
  }
  return { data, missing };
}
