import { describe, expect, it } from 'vitest';
import { filtersOf, parseLogParams } from './use-log-params.ts';

describe('log URL parameters', () => {
  it('reads every filter, the page and the page size', () => {
    const params = parseLogParams(
      new URLSearchParams(
        'page=3&pageSize=50&source=robot&trackId=2&robotSn=R-001&q=lid&type=alarm_raised&level=error&from=2025-03-01T00:00:00.000Z&to=2025-03-02T00:00:00.000Z&timeFrom=22:00&timeTo=06:00',
      ),
    );
    expect(params).toEqual({
      page: 3,
      pageSize: 50,
      source: 'robot',
      trackId: 2,
      robotSn: 'R-001',
      q: 'lid',
      type: 'alarm_raised',
      level: 'error',
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-03-02T00:00:00.000Z',
      timeFrom: '22:00',
      timeTo: '06:00',
    });
  });

  it('keeps no paging and drops values the server would refuse', () => {
    const params = parseLogParams(
      new URLSearchParams('pageSize=all&page=0&source=kitchen&trackId=x&robotSn=bad sn&level=loud&from=soon&timeFrom=25:00'),
    );
    expect(params).toEqual({ page: 1, pageSize: 'all' });
    expect(parseLogParams(new URLSearchParams('pageSize=9999')).pageSize).toBe(500);
    expect(parseLogParams(new URLSearchParams('')).pageSize).toBe(20);
  });

  it('gives the filters without the paging', () => {
    expect(filtersOf({ page: 2, pageSize: 'all', level: 'error', q: undefined })).toEqual({ level: 'error' });
  });
});
