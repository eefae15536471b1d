import { ApiError, apiUrl } from './api-client.ts';
import { tokenStore } from './session.ts';

export type UploadOptions = {
  method?: 'POST' | 'PUT';
  /** Called with 0-100 as the body is sent. */
  onProgress?: (percent: number) => void;
};

/**
 * Sends a multipart form and unwraps the envelope like `api`, reporting the upload's progress
 * (fetch cannot report it, XMLHttpRequest can). A 401 drops the token as every other call does.
 */
export function uploadForm<T>(path: string, form: FormData, { method = 'POST', onProgress }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Network error'));
    xhr.onload = () => {
      if (xhr.status === 401) tokenStore.clear();
      let body: { success?: boolean; data?: T; code?: string; message?: string; details?: unknown } | undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        reject(new ApiError(xhr.status, xhr.status >= 500 ? 'internal_error' : 'bad_response', xhr.statusText));
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.success !== false) resolve(body?.data as T);
      else if (body && typeof body.message === 'string') {
        reject(new ApiError(xhr.status, body.code ?? 'internal_error', body.message, body.details, true));
      } else reject(new ApiError(xhr.status, xhr.status >= 500 ? 'internal_error' : 'bad_response', xhr.statusText));
    };
    xhr.send(form);
  });
}
