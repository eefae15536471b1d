import { vi } from 'vitest';

export type MockRoute = {
  method?: string;
  /** Matched against the path and query, e.g. `/api/v1/users?page=1`; a RegExp or exact string. */
  url: string | RegExp;
  status?: number;
  body?: unknown;
};

/** Stubs global fetch with fixed answers; unmatched calls fail like a network error. */
export function mockFetch(routes: MockRoute[]) {
  const calls: { method: string; url: string; headers: Record<string, string>; body?: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({
      method,
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const route = routes.find(
      (r) => (r.method ?? 'GET').toUpperCase() === method && (typeof r.url === 'string' ? r.url === url : r.url.test(url)),
    );
    if (!route) throw new TypeError(`Failed to fetch ${method} ${url}`);
    const text = route.body === undefined ? '' : typeof route.body === 'string' ? route.body : JSON.stringify(route.body);
    return new Response(text, { status: route.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

export const ok = (data: unknown, message?: string) => ({ success: true, data, ...(message ? { message } : {}) });
export const fail = (code: string, message: string, details?: unknown) => ({ success: false, code, message, details });
