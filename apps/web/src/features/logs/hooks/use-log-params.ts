import { LOG_LEVELS, LOG_SOURCES, PAGE_SIZE_MAX } from '@railserve/protocol';
import { definedOnly, fromUrl, pageFromUrl, useUrlState } from '../../../lib/url-params.ts';
import type { LogFilterParams, LogListParams, LogPageSize } from '../api/log-keys.ts';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const SN = /^[A-Za-z0-9_-]{1,64}$/;

/** A page size, or `all` for the list without paging. */
function pageSizeOf(search: URLSearchParams): LogPageSize {
  return search.get('pageSize') === 'all' ? 'all' : Math.min(pageFromUrl(search).pageSize, PAGE_SIZE_MAX);
}

/** Reads the page and filters from the URL. */
export function parseLogParams(search: URLSearchParams): LogListParams {
  return {
    page: pageFromUrl(search).page,
    pageSize: pageSizeOf(search),
    source: fromUrl.oneOf(LOG_SOURCES, search.get('source')),
    trackId: fromUrl.positiveInt(search.get('trackId')),
    robotSn: fromUrl.matching(SN, search.get('robotSn')),
    q: fromUrl.text(search.get('q')),
    type: fromUrl.text(search.get('type')),
    level: fromUrl.oneOf(LOG_LEVELS, search.get('level')),
    from: fromUrl.isoDate(search.get('from')),
    to: fromUrl.isoDate(search.get('to')),
    timeFrom: fromUrl.matching(HH_MM, search.get('timeFrom')),
    timeTo: fromUrl.matching(HH_MM, search.get('timeTo')),
  };
}

/** The filters without the paging, as the export and the delete take them. */
export function filtersOf({ page: _page, pageSize: _pageSize, ...filters }: LogListParams): LogFilterParams {
  return definedOnly(filters);
}

export const useLogParams = () => useUrlState(parseLogParams);
