import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('reads as people read sizes, from bytes to terabytes', () => {
    expect([0, 812, 1536, 14_541, 3_250_000, 200 * 1024 * 1024, 10 * 1024 ** 3, 3 * 1024 ** 4].map(formatBytes)).toEqual([
      '0 B',
      '812 B',
      '1.5 KB',
      '14.2 KB',
      '3.1 MB',
      '200 MB',
      '10 GB',
      '3 TB',
    ]);
  });
});
