import { describe, expect, it } from 'vitest';
import { filtersOf, parseAuditParams } from './use-audit-params.ts';

describe('parseAuditParams', () => {
  it('reads page, filters and range from the URL', () => {
    const params = parseAuditParams(
      new URLSearchParams(
        'page=3&pageSize=50&type=update&result=failed&username=amy&target=users&q=nick&from=2026-01-01T00:00:00.000Z',
      ),
    );
    expect(params).toEqual({
      page: 3,
      pageSize: 50,
      type: 'update',
      result: 'failed',
      username: 'amy',
      target: 'users',
      q: 'nick',
      from: '2026-01-01T00:00:00.000Z',
      to: undefined,
    });
    expect(filtersOf(params)).toEqual({
      type: 'update',
      result: 'failed',
      username: 'amy',
      target: 'users',
      q: 'nick',
      from: '2026-01-01T00:00:00.000Z',
    });
  });

  it('drops values the server would refuse', () => {
    const params = parseAuditParams(new URLSearchParams('page=-1&pageSize=all&type=bogus&result=maybe&from=yesterday&q=%20%20'));
    expect(params).toMatchObject({ page: 1, pageSize: 20, type: undefined, result: undefined, from: undefined, q: undefined });
    expect(parseAuditParams(new URLSearchParams('pageSize=100000')).pageSize).toBe(500);
  });
});
