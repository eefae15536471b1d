import { ALARM_SEVERITIES, type AlarmKind, type AlarmSettings, type AlarmSeverity } from '@railserve/protocol';
import { Checkbox, Select, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type CodeRow, codeRows, withDowntime, withOverride } from '../model/code-rows.ts';

const SEVERITY_COLORS: Record<AlarmSeverity, string> = { critical: 'red', major: 'volcano', minor: 'gold', warning: 'blue' };
const DEFAULT = 'default';

/** A kind's name in the reader's language (the robots' own names; the server's and the unknown kind by name). */
function kindName(t: TFunction, kind: AlarmKind) {
  if (kind === 'robot_offline') return t('alarms.kinds.robot_offline');
  if (kind === 'unknown') return t('alarm-settings.codes.unknown');
  return t(`robots.alarms.${kind}`);
}

type Props = { settings: AlarmSettings; onChange: (next: AlarmSettings) => void; disabled?: boolean };

/** Every alarm kind: its catalogue severity, an override, and whether its active time counts as downtime. */
export function CodesTable({ settings, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const severityName = (s: AlarmSeverity) => t(`alarms.severities.${s}`);
  return (
    <Table<CodeRow>
      size="small"
      rowKey="kind"
      pagination={false}
      scroll={{ x: 560 }}
      dataSource={codeRows(settings)}
      columns={[
        { title: t('alarm-settings.codes.kind'), key: 'kind', render: (_, row) => kindName(t, row.kind) },
        {
          title: t('alarm-settings.codes.defaultSeverity'),
          key: 'default',
          width: 130,
          render: (_, row) => <Tag color={SEVERITY_COLORS[row.defaultSeverity]}>{severityName(row.defaultSeverity)}</Tag>,
        },
        {
          title: t('alarm-settings.codes.severity'),
          key: 'override',
          width: 170,
          render: (_, row) => (
            <Select
              size="small"
              style={{ width: 150 }}
              disabled={disabled}
              aria-label={t('alarm-settings.codes.severityOf', { kind: kindName(t, row.kind) })}
              value={row.override ?? DEFAULT}
              onChange={(value: string) =>
                onChange(withOverride(settings, row.kind, value === DEFAULT ? undefined : (value as AlarmSeverity)))
              }
              options={[
                { value: DEFAULT, label: t('alarm-settings.codes.useDefault') },
                ...ALARM_SEVERITIES.map((s) => ({ value: s, label: severityName(s) })),
              ]}
            />
          ),
        },
        {
          title: t('alarm-settings.codes.downtime'),
          key: 'downtime',
          width: 120,
          align: 'center',
          render: (_, row) =>
            row.downtime === null ? (
              <span title={t('alarm-settings.codes.downtimeNotApplicable')}>–</span>
            ) : (
              <Checkbox
                disabled={disabled}
                aria-label={t('alarm-settings.codes.downtimeOf', { kind: kindName(t, row.kind) })}
                checked={row.downtime}
                onChange={(e) =>
                  onChange(withDowntime(settings, row.kind as Parameters<typeof withDowntime>[1], e.target.checked))
                }
              />
            ),
        },
      ]}
    />
  );
}
