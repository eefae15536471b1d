import { describe, expect, it } from 'vitest';
import { parseUserListParams } from './use-user-list-params.ts';

describe('parseUserListParams', () => {
  it('reads page, size and filters, ignoring bad values', () => {
    expect(parseUserListParams(new URLSearchParams('page=3&pageSize=50&q=%20ann%20&permission=2&status=inactive'))).toEqual({
      page: 3,
      pageSize: 50,
      q: 'ann',
      permission: 2,
      status: 'inactive',
    });
    expect(parseUserListParams(new URLSearchParams('page=-1&permission=9&status=gone&q='))).toEqual({
      page: 1,
      pageSize: 20,
      q: undefined,
      permission: undefined,
      status: undefined,
    });
    expect(parseUserListParams(new URLSearchParams('permission=0')).permission).toBe(0);
  });
});
