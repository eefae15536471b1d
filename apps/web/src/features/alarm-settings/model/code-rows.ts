import {
  ALARM_CATALOGUE,
  ALARM_KINDS,
  type AlarmCode,
  type AlarmKind,
  type AlarmSettings,
  type AlarmSeverity,
  isKnownAlarmCode,
} from '@railserve/protocol';

/** One row of the codes table: a kind, its catalogue severity, the override and whether it counts as downtime. */
export type CodeRow = {
  kind: AlarmKind;
  defaultSeverity: AlarmSeverity;
  override: AlarmSeverity | undefined;
  /** null: the kind is not a robot's code (robot_offline, unknown) and cannot count as downtime. */
  downtime: boolean | null;
};

export function codeRows(settings: AlarmSettings): CodeRow[] {
  const downtime = new Set<string>(settings.downtimeCodes);
  return ALARM_KINDS.map((kind) => ({
    kind,
    defaultSeverity: ALARM_CATALOGUE[kind].severity,
    override: settings.severityOverrides[kind],
    downtime: isKnownAlarmCode(kind) ? downtime.has(kind) : null,
  }));
}

/** The settings with a kind's override set; undefined, or the catalogue's own severity, removes it. */
export function withOverride(settings: AlarmSettings, kind: AlarmKind, severity: AlarmSeverity | undefined): AlarmSettings {
  const { [kind]: _removed, ...rest } = settings.severityOverrides;
  const keep = severity !== undefined && severity !== ALARM_CATALOGUE[kind].severity;
  return { ...settings, severityOverrides: keep ? { ...rest, [kind]: severity } : rest };
}

/** The settings with a code counted as downtime or not, in the catalogue's order. */
export function withDowntime(settings: AlarmSettings, code: AlarmCode, on: boolean): AlarmSettings {
  const chosen = new Set<string>(settings.downtimeCodes);
  if (on) chosen.add(code);
  else chosen.delete(code);
  return { ...settings, downtimeCodes: ALARM_KINDS.filter((k): k is AlarmCode => isKnownAlarmCode(k) && chosen.has(k)) };
}
