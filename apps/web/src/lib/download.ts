import { ApiError, apiUrl } from './api-client.ts';
import { tokenStore } from './session.ts';

/**
 * Downloads what an API path streams (exports). A plain link cannot carry the bearer token, so
 * the file is fetched with it and handed to the browser as a download. Empty parameters are left out.
 */
export async function downloadFile(path: string, params: Record<string, unknown>, fallbackName: string) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  const token = tokenStore.get();
  let response: Response;
  try {
    response = await fetch(`${apiUrl(path)}?${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    // The session guard sends the user to /login once the token is gone, as for any other 401.
    if (response.status === 401) tokenStore.clear();
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string; details?: unknown } | null;
    throw new ApiError(
      response.status,
      body?.code ?? 'internal_error',
      body?.message ?? response.statusText,
      body?.details,
      !!body,
    );
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
