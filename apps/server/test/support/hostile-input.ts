import type { TestApp } from '../helper.ts';

export const NUL = '\u0000';

/** Path ids each route must refuse: beyond int4, beyond exact JSON numbers, and loose spellings of 1. */
export const BAD_INT4_IDS = [
  '2147483648',
  '9007199254740991',
  '9007199254740992',
  '0',
  '-1',
  '0x1',
  '%201',
  '1%0a',
  '01',
  '1e3',
  '1.0',
  '+1',
];

/** Requests with a NUL in one field each: every body and query field of the API's writes and filters. */
export const NUL_REQUESTS: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown }[] = [
  { method: 'POST', url: '/api/v1/users', payload: { username: `a${NUL}b`, password: 'secret1', permission: 3 } },
  { method: 'POST', url: '/api/v1/users', payload: { username: 'nul_nick', password: 'secret1', permission: 3, nickname: NUL } },
  { method: 'POST', url: '/api/v1/users', payload: { username: 'nul_pass', password: `secret${NUL}`, permission: 3 } },
  { method: 'POST', url: '/api/v1/tracks', payload: { name: `T${NUL}` } },
  { method: 'POST', url: '/api/v1/sessions', payload: { code: `S${NUL}`, mac: '00:11:22:33:44:55' } },
  { method: 'DELETE', url: '/api/v1/logs', payload: { filter: { q: NUL } } },
  { method: 'POST', url: '/api/v1/login', payload: { username: `admin${NUL}`, password: 'x' } },
  { method: 'GET', url: '/api/v1/logs?q=%00' },
  { method: 'GET', url: '/api/v1/logs?type=a%00' },
  { method: 'GET', url: '/api/v1/logs/export?q=%00' },
  { method: 'GET', url: '/api/v1/audit?username=%00' },
  { method: 'GET', url: '/api/v1/audit?q=x%00y' },
  { method: 'GET', url: '/api/v1/audit/stats?target=%00' },
  { method: 'GET', url: '/api/v1/robots?q=%00' },
  { method: 'GET', url: '/api/v1/users?q=%00' },
  { method: 'GET', url: '/api/v1/tracks?q=%00' },
  { method: 'DELETE', url: '/api/v1/robots/%00' },
  { method: 'PUT', url: '/api/v1/robots/R1%00' },
];

/** Routes whose `:id` is a bigserial's (audit records, alarms, track incidents): bounded by exact JSON numbers instead. */
const BIGINT_ID_PREFIXES = ['/api/v1/audit/', '/api/v1/alarms/', '/api/v1/alarm-incidents/'];

/** The routes of the catalog whose path holds an int4 `:id`. */
export const int4IdRoutes = (app: TestApp) =>
  app.apiCatalog.filter(
    (route) => route.url.includes('/:id') && !BIGINT_ID_PREFIXES.some((prefix) => route.url.startsWith(prefix)),
  );
