import { AUDIT_RESULTS, AUDIT_TYPES } from '@railserve/protocol';
import { definedOnly, fromUrl, pageFromUrl, useUrlState } from '../../../lib/url-params.ts';
import type { AuditFilterParams, AuditListParams } from '../api/audit-keys.ts';

/** Reads the page and filters from the URL. */
export function parseAuditParams(search: URLSearchParams): AuditListParams {
  return {
    ...pageFromUrl(search),
    type: fromUrl.oneOf(AUDIT_TYPES, search.get('type')),
    result: fromUrl.oneOf(AUDIT_RESULTS, search.get('result')),
    username: fromUrl.text(search.get('username')),
    target: fromUrl.text(search.get('target')),
    q: fromUrl.text(search.get('q')),
    from: fromUrl.isoDate(search.get('from')),
    to: fromUrl.isoDate(search.get('to')),
  };
}

/** The filters without the paging, as the statistics and the export take them. */
export function filtersOf({ page: _page, pageSize: _pageSize, ...filters }: AuditListParams): AuditFilterParams {
  return definedOnly(filters);
}

export const useAuditParams = () => useUrlState(parseAuditParams);
