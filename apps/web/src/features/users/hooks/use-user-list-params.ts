import { PERMISSIONS, USER_STATUSES } from '@railserve/protocol';
import { fromUrl, pageFromUrl, useUrlState } from '../../../lib/url-params.ts';
import type { UserListParams } from '../api/user-keys.ts';

/** Reads the list's page and filters from the URL. */
export function parseUserListParams(search: URLSearchParams): UserListParams {
  return {
    ...pageFromUrl(search),
    q: fromUrl.text(search.get('q')),
    permission: fromUrl.oneOf(PERMISSIONS, search.get('permission')),
    status: fromUrl.oneOf(USER_STATUSES, search.get('status')),
  };
}

export const useUserListParams = () => useUrlState(parseUserListParams);
