import { describe, expect, it } from 'vitest';
import { likeContains, paged } from '../../src/lib/sql.ts';

/** A stand-in for a drizzle select: it answers what it was cut to. */
const fakeQuery = () => {
  const all = Promise.resolve(['all rows']);
  return Object.assign(all, {
    limit: (limit: number) =>
      Object.assign(Promise.resolve([`first ${limit}`]), {
        offset: (offset: number) => Promise.resolve([`${limit} from ${offset}`]),
      }),
  });
};

describe('likeContains', () => {
  it('matches the text anywhere, its wildcards and backslashes literally', () => {
    expect(likeContains('plain')).toBe('%plain%');
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('paged', () => {
  it('cuts a numbered page', async () => {
    expect(await paged(fakeQuery(), { page: 3, pageSize: 20 })).toEqual(['20 from 40']);
  });

  it('answers every row for pageSize=all, or the cap where a list has one', async () => {
    expect(await paged(fakeQuery(), { page: 1, pageSize: 'all' })).toEqual(['all rows']);
    expect(await paged(fakeQuery(), { page: 1, pageSize: 'all' }, 1000)).toEqual(['first 1000']);
  });
});
