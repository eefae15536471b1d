import { ApiError, apiUrl } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/session.ts';

/**
 * GET /tracks/{id}/audio/{audioId}/file as a blob: an <audio> element cannot send the bearer
 * token, so the clip is fetched with it and played from an object URL (seeking works in it).
 */
export async function fetchAudioFile(trackId: number, audioId: number, signal?: AbortSignal): Promise<Blob> {
  const token = tokenStore.get();
  let response: Response;
  try {
    response = await fetch(apiUrl(`/tracks/${trackId}/audio/${audioId}/file`), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    if (response.status === 401) tokenStore.clear();
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(response.status, body?.code ?? 'internal_error', body?.message ?? response.statusText, undefined, !!body);
  }
  return response.blob();
}
