import { ALARM_SEVERITIES } from '@railserve/protocol';
import { definedOnly, fromUrl, pageFromUrl, useUrlState } from '../../../lib/url-params.ts';
import type { AlarmFilterParams, AlarmListParams } from '../api/alarm-keys.ts';

const SN = /^[A-Za-z0-9_-]{1,64}$/;
const CODE = /^[a-z0-9_]{1,64}$/;
const bool = (value: string | null) => (value === 'true' ? true : value === 'false' ? false : undefined);

/** Reads the page and filters of /alarms from the URL; a bad value is dropped, never sent. */
export function parseAlarmParams(search: URLSearchParams): AlarmListParams {
  return {
    ...pageFromUrl(search),
    state: fromUrl.oneOf(['active', 'cleared'] as const, search.get('state')),
    acknowledged: bool(search.get('acknowledged')),
    severity: fromUrl.oneOf(ALARM_SEVERITIES, search.get('severity')),
    trackId: fromUrl.positiveInt(search.get('trackId')),
    robotSn: fromUrl.matching(SN, search.get('robotSn')),
    code: fromUrl.matching(CODE, search.get('code')),
    assigneeId: fromUrl.positiveInt(search.get('assigneeId')),
    from: fromUrl.isoDate(search.get('from')),
    to: fromUrl.isoDate(search.get('to')),
  };
}

export function alarmFiltersOf({ page: _page, pageSize: _pageSize, ...filters }: AlarmListParams): AlarmFilterParams {
  return definedOnly(filters);
}

export const useAlarmParams = () => useUrlState(parseAlarmParams);
