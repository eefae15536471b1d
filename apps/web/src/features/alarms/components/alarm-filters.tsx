import { ALARM_CODES, ALARM_SEVERITIES, type AlarmSeverity, alarmNameText } from '@railserve/protocol';
import { Button, DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAlarmRobotChoices, useAlarmTrackChoices, useAssignees } from '../api/alarm-choices.ts';
import type { AlarmFilterParams } from '../api/alarm-keys.ts';

type Range = [Dayjs | null, Dayjs | null] | null;
const pick = { flex: '1 1 150px', minWidth: 140, maxWidth: 220 };
const CODES = [...ALARM_CODES, 'robot_offline'];

/** The list's filters; each takes effect as it changes. */
export function AlarmFilters({
  filters,
  onChange,
}: {
  filters: AlarmFilterParams;
  onChange: (patch: AlarmFilterParams) => void;
}) {
  const { t } = useTranslation();
  const tracks = useAlarmTrackChoices();
  const robots = useAlarmRobotChoices();
  const assignees = useAssignees();
  const dates: Range =
    filters.from || filters.to ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null] : null;
  const select = { allowClear: true, style: pick, showSearch: { optionFilterProp: 'label' } } as const;
  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }} role="search" aria-label={t('alarms.filters.title')}>
      <Select
        {...select}
        value={filters.state}
        placeholder={t('alarms.filters.state')}
        aria-label={t('alarms.filters.state')}
        options={(['active', 'cleared'] as const).map((value) => ({ value, label: t(`alarms.states.${value}`) }))}
        onChange={(state) => onChange({ state })}
        data-testid="alarms-filter-state"
      />
      <Select
        {...select}
        value={filters.acknowledged === undefined ? undefined : String(filters.acknowledged)}
        placeholder={t('alarms.filters.acknowledged')}
        aria-label={t('alarms.filters.acknowledged')}
        options={[
          { value: 'true', label: t('alarms.states.acknowledged') },
          { value: 'false', label: t('alarms.states.unacknowledged') },
        ]}
        onChange={(value?: string) => onChange({ acknowledged: value === undefined ? undefined : value === 'true' })}
        data-testid="alarms-filter-acknowledged"
      />
      <Select<AlarmSeverity>
        {...select}
        value={filters.severity}
        placeholder={t('alarms.filters.severity')}
        aria-label={t('alarms.filters.severity')}
        options={ALARM_SEVERITIES.map((value) => ({ value, label: t(`alarms.severities.${value}`) }))}
        onChange={(severity) => onChange({ severity })}
      />
      <Select<number>
        {...select}
        value={filters.trackId}
        placeholder={t('alarms.filters.track')}
        aria-label={t('alarms.filters.track')}
        options={tracks.data}
        loading={tracks.isPending}
        onChange={(trackId) => onChange({ trackId })}
      />
      <Select<string>
        {...select}
        value={filters.robotSn}
        placeholder={t('alarms.filters.robot')}
        aria-label={t('alarms.filters.robot')}
        options={robots.data}
        loading={robots.isPending}
        onChange={(robotSn) => onChange({ robotSn })}
      />
      <Select<string>
        {...select}
        value={filters.code}
        placeholder={t('alarms.filters.code')}
        aria-label={t('alarms.filters.code')}
        options={CODES.map((value) => ({ value, label: alarmNameText(t, value) }))}
        onChange={(code) => onChange({ code })}
      />
      <Select<number>
        {...select}
        value={filters.assigneeId}
        placeholder={t('alarms.filters.assignee')}
        aria-label={t('alarms.filters.assignee')}
        options={assignees.data}
        loading={assignees.isPending}
        onChange={(assigneeId) => onChange({ assigneeId })}
      />
      <DatePicker.RangePicker
        showTime
        value={dates}
        aria-label={t('alarms.filters.dateRange')}
        placeholder={[t('alarms.filters.from'), t('alarms.filters.to')]}
        onChange={(range) => onChange({ from: range?.[0]?.toISOString(), to: range?.[1]?.toISOString() })}
        style={{ flex: '2 1 300px', maxWidth: 420 }}
      />
      <Button
        onClick={() => onChange(Object.fromEntries(Object.keys(filters).map((k) => [k, undefined])))}
        data-testid="alarms-filter-clear"
      >
        {t('alarms.filters.clear')}
      </Button>
    </Flex>
  );
}
