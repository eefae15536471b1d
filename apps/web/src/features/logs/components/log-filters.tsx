import { LOG_LEVELS, LOG_SOURCES, type LogLevel, type LogSource } from '@railserve/protocol';
import { Button, DatePicker, Flex, Input, Segmented, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useLogTypes, useRobotChoices, useTrackChoices } from '../api/log-choices.ts';
import type { LogFilterParams, LogListParams } from '../api/log-keys.ts';
import { filtersOf } from '../hooks/use-log-params.ts';
import { levelLabelKey, sourceLabelKey, typeLabel } from '../model/log-labels.ts';

type LogFiltersProps = { params: LogListParams; onApply: (filters: LogFilterParams) => void };
type Range = [Dayjs | null, Dayjs | null] | null;

const ALL = 'all';
const timeOf = (hhmm: string | undefined) =>
  hhmm
    ? dayjs()
        .hour(Number(hhmm.slice(0, 2)))
        .minute(Number(hhmm.slice(3)))
    : null;
const pick = { flex: '1 1 160px', minWidth: 150, maxWidth: 240 };

/** The filters are edited as a draft and take effect with Apply (or Enter); the data source switches at once. */
export function LogFilters({ params, onApply }: LogFiltersProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<LogFilterParams>(() => filtersOf(params));
  useEffect(() => setDraft(filtersOf(params)), [params]);
  const tracks = useTrackChoices();
  const robots = useRobotChoices();
  const types = useLogTypes();
  // On a phone the four sources share the width instead of running off the edge.
  const narrow = useMediaQuery('(max-width: 575px)');
  const set = (patch: Partial<LogFilterParams>) => setDraft((current) => ({ ...current, ...patch }));
  const apply = (next = draft) =>
    onApply(Object.fromEntries(Object.entries(next).map(([k, v]) => [k, v === '' ? undefined : v])));
  const dates: Range = draft.from || draft.to ? [draft.from ? dayjs(draft.from) : null, draft.to ? dayjs(draft.to) : null] : null;
  const times: Range = draft.timeFrom || draft.timeTo ? [timeOf(draft.timeFrom), timeOf(draft.timeTo)] : null;

  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }} role="search" aria-label={t('logs.filters.title')}>
      <Segmented<LogSource | typeof ALL>
        value={draft.source ?? ALL}
        onChange={(value) => apply({ ...draft, source: value === ALL ? undefined : value })}
        options={[ALL as LogSource | typeof ALL, ...LOG_SOURCES].map((value) => ({
          value,
          label: narrow
            ? t(`logs.sourcesShort.${value}`)
            : value === ALL
              ? t('logs.sources.all')
              : t(sourceLabelKey(value as LogSource)),
        }))}
        aria-label={t('logs.filters.source')}
        block={narrow}
        size={narrow ? 'small' : 'middle'}
        style={narrow ? undefined : { alignSelf: 'flex-start' }}
        data-testid="logs-filter-source"
      />
      <Flex wrap gap={8}>
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('logs.filters.track')}
          aria-label={t('logs.filters.track')}
          value={draft.trackId}
          onChange={(trackId) => set({ trackId })}
          options={tracks.data ?? (draft.trackId ? [{ value: draft.trackId, label: `#${draft.trackId}` }] : [])}
          loading={tracks.isLoading}
          style={pick}
          data-testid="logs-filter-track"
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('logs.filters.robot')}
          aria-label={t('logs.filters.robot')}
          value={draft.robotSn}
          onChange={(robotSn) => set({ robotSn })}
          options={robots.data ?? (draft.robotSn ? [{ value: draft.robotSn, label: draft.robotSn }] : [])}
          loading={robots.isLoading}
          style={pick}
          data-testid="logs-filter-robot"
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('logs.filters.type')}
          aria-label={t('logs.filters.type')}
          value={draft.type}
          onChange={(type) => set({ type })}
          options={(types.data ?? (draft.type ? [draft.type] : [])).map((type) => ({ value: type, label: typeLabel(t, type) }))}
          loading={types.isLoading}
          style={pick}
          data-testid="logs-filter-type"
        />
        <Select<LogLevel>
          allowClear
          placeholder={t('logs.filters.level')}
          aria-label={t('logs.filters.level')}
          value={draft.level}
          onChange={(level) => set({ level })}
          options={LOG_LEVELS.map((level) => ({ value: level, label: t(levelLabelKey(level)) }))}
          style={{ ...pick, maxWidth: 160 }}
          data-testid="logs-filter-level"
        />
        <Input.Search
          allowClear
          placeholder={t('logs.filters.search')}
          aria-label={t('logs.filters.search')}
          value={draft.q ?? ''}
          onChange={(event) => set({ q: event.target.value })}
          onSearch={(q) => apply({ ...draft, q })}
          style={{ flex: '2 1 220px', maxWidth: 360 }}
          data-testid="logs-filter-q"
        />
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('logs.filters.dateFrom'), t('logs.filters.dateTo')]}
          aria-label={t('logs.filters.dates')}
          value={dates}
          onChange={(value: Range) =>
            set({ from: value?.[0]?.startOf('day').toISOString(), to: value?.[1]?.endOf('day').toISOString() })
          }
          style={{ flex: '1 1 240px', maxWidth: 300 }}
          data-testid="logs-filter-dates"
        />
        <TimePicker.RangePicker
          format="HH:mm"
          order={false}
          allowEmpty={[true, true]}
          placeholder={[t('logs.filters.timeFrom'), t('logs.filters.timeTo')]}
          aria-label={t('logs.filters.times')}
          value={times}
          onChange={(value: Range) => set({ timeFrom: value?.[0]?.format('HH:mm'), timeTo: value?.[1]?.format('HH:mm') })}
          style={{ flex: '1 1 200px', maxWidth: 240 }}
          data-testid="logs-filter-times"
        />
        <Button type="primary" onClick={() => apply()} data-testid="logs-apply">
          {t('logs.filters.apply')}
        </Button>
        <Button onClick={() => onApply({})} data-testid="logs-clear">
          {t('logs.filters.clear')}
        </Button>
      </Flex>
    </Flex>
  );
}
