import { fromUrl, pageFromUrl, useUrlState } from '../../../lib/url-params.ts';
import type { SessionListParams } from '../api/session-keys.ts';

/** Reads the list's page and search from the URL. */
export function parseSessionListParams(search: URLSearchParams): SessionListParams {
  return { ...pageFromUrl(search), q: fromUrl.text(search.get('q')) };
}

export const useSessionListParams = () => useUrlState(parseSessionListParams);
