import { TRACK_TYPES } from '@railserve/protocol';
import { STATUS_CODES } from '../../../lib/track-labels.ts';
import { fromUrl, pageFromUrl, useUrlState } from '../../../lib/url-params.ts';
import type { TrackListParams } from '../api/track-keys.ts';

/** Reads the list's page and filters from the URL. */
export function parseTrackListParams(search: URLSearchParams): TrackListParams {
  return {
    ...pageFromUrl(search),
    q: fromUrl.text(search.get('q')),
    type: fromUrl.oneOf(TRACK_TYPES, search.get('type')),
    statusCode: fromUrl.oneOf(STATUS_CODES, search.get('statusCode')),
  };
}

export const useTrackListParams = () => useUrlState(parseTrackListParams);
