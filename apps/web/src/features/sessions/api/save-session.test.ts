import type { Session } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { assignmentFailed } from './save-session.ts';

const saved = (trackIds: number[]) => ({ trackIds }) as Session;

describe('partial session save', () => {
  it('is recognised by the saved tracks differing from the requested ones', () => {
    expect(assignmentFailed(saved([1, 2]), [2, 1])).toBe(false);
    expect(assignmentFailed(saved([]), [])).toBe(false);
    expect(assignmentFailed(saved([]), [3])).toBe(true);
    expect(assignmentFailed(saved([1]), [1, 2])).toBe(true);
    expect(assignmentFailed(saved([1]), undefined)).toBe(false);
  });
});
