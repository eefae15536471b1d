import { ALARM_SEVERITIES, type AlarmKind, type AlarmSettings, type AlarmSeverity } from '@railserve/protocol';
import { Checkbox, Flex, Select, Table, type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
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

/**
 * Every alarm kind: its catalogue severity, an override, and whether its active time counts as
 * downtime. On a narrow screen the default and the override sit under the name.
 */
export function CodesTable({ settings, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 640px)');
  const severityName = (s: AlarmSeverity) => t(`alarms.severities.${s}`);
  const defaultTag = (row: CodeRow) => (
    <Tag color={SEVERITY_COLORS[row.defaultSeverity]}>{severityName(row.defaultSeverity)}</Tag>
  );
  const override = (row: CodeRow) => (
    <Select
      size="small"
      style={{ width: 130 }}
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
  );
  const columns: TableColumnsType<CodeRow> = narrow
    ? [
        {
          title: t('alarm-settings.codes.kind'),
          key: 'kind',
          render: (_, row) => (
            <Flex vertical gap={4} align="flex-start">
              <span>{kindName(t, row.kind)}</span>
              <Flex gap={4} align="center" wrap>
                {defaultTag(row)}
                {override(row)}
              </Flex>
            </Flex>
          ),
        },
      ]
    : [
        { title: t('alarm-settings.codes.kind'), key: 'kind', render: (_, row) => kindName(t, row.kind) },
        { title: t('alarm-settings.codes.defaultSeverity'), key: 'default', width: 130, render: (_, row) => defaultTag(row) },
        { title: t('alarm-settings.codes.severity'), key: 'override', width: 150, render: (_, row) => override(row) },
      ];
  columns.push({
    title: t('alarm-settings.codes.downtime'),
    key: 'downtime',
    width: narrow ? 84 : 120,
    align: 'center',
    render: (_, row) =>
      row.downtime === null ? (
        <span title={t('alarm-settings.codes.downtimeNotApplicable')}>–</span>
      ) : (
        <Checkbox
          disabled={disabled}
          aria-label={t('alarm-settings.codes.downtimeOf', { kind: kindName(t, row.kind) })}
          checked={row.downtime}
          onChange={(e) => onChange(withDowntime(settings, row.kind as Parameters<typeof withDowntime>[1], e.target.checked))}
        />
      ),
  });
  return <Table<CodeRow> size="small" rowKey="kind" pagination={false} dataSource={codeRows(settings)} columns={columns} />;
}
