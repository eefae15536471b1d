import { API_PREFIX, API_ROOT } from '@railserve/protocol';
import { tokenStore } from './session.ts';

export type ValidationDetail = { path: (string | number)[]; message: string };

/** A failed call: the server's error envelope, or a network or parse failure. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  /** Whether `message` came from the server (spec section 8: show it when present). */
  readonly fromServer: boolean;

  constructor(status: number, code: string, message: string, details?: unknown, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.fromServer = fromServer;
  }

  /** The field errors of a 400 validation_failed answer. */
  get validationDetails(): ValidationDetail[] {
    if (this.code !== 'validation_failed' || !Array.isArray(this.details)) return [];
    return this.details.filter(
      (d): d is ValidationDetail => typeof d === 'object' && d !== null && Array.isArray(d.path) && typeof d.message === 'string',
    );
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The default 401 reaction: a full page load of /login, unless already there. */
export function redirectToLogin(location: Pick<Location, 'pathname' | 'assign'> = window.location) {
  if (location.pathname !== '/login') location.assign('/login');
}

let onUnauthorized: () => void = () => redirectToLogin();

/** The router installs an in-app navigation here; the default is a full page load. */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  onUnauthorized = handler ?? (() => redirectToLogin());
}

/** Spec section 7: relative paths get /api/v1; /version and /health use /api. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith(`${API_ROOT}/`)) return path;
  const relative = path.startsWith('/') ? path : `/${path}`;
  if (relative === '/version' || relative === '/health') return `${API_ROOT}${relative}`;
  return `${API_PREFIX}${relative}`;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

function withQuery(url: string, query?: QueryParams): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

export type RequestOptions = { query?: QueryParams; body?: unknown; signal?: AbortSignal };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(response.status, response.status >= 500 ? 'internal_error' : 'bad_response', response.statusText);
  }
}

/** Sends one call and unwraps the envelope; no timeout (spec section 9). */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers, signal: options.signal };
  if (options.body instanceof FormData) {
    // A multipart upload: the browser sets the content type with its boundary.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(withQuery(apiUrl(path), options.query), init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }

  if (response.status === 401) {
    tokenStore.clear();
    onUnauthorized();
  }

  const body = (await readBody(response)) as { success?: boolean; data?: T; message?: string; code?: string; details?: unknown };
  if (response.ok && body?.success !== false) return body?.data as T;
  if (body && typeof body.message === 'string') {
    throw new ApiError(response.status, body.code ?? 'internal_error', body.message, body.details, true);
  }
  throw new ApiError(response.status, response.status >= 500 ? 'internal_error' : 'bad_response', response.statusText);
}

/** GETs a file (an image, a download) with the bearer token, for a URL.createObjectURL. */
export async function fetchBlob(path: string, options: Pick<RequestOptions, 'query' | 'signal'> = {}): Promise<Blob> {
  const token = tokenStore.get();
  const response = await fetch(withQuery(apiUrl(path), options.query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: options.signal,
  });
  if (response.ok) return response.blob();
  if (response.status === 401) {
    tokenStore.clear();
    onUnauthorized();
  }
  const body = (await readBody(response).catch(() => undefined)) as { code?: string; message?: string } | undefined;
  throw new ApiError(
    response.status,
    body?.code ?? 'bad_response',
    body?.message ?? response.statusText,
    undefined,
    !!body?.message,
  );
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
