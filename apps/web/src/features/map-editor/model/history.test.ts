import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, HISTORY_LIMIT, record, redo, startHistory, undo } from './history.ts';

describe('history', () => {
  it('undoes and redoes steps in order', () => {
    let h = startHistory('a');
    h = record(h, 'b');
    h = record(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
  });

  it('drops the redo steps when a new edit is recorded', () => {
    let h = record(record(startHistory(1), 2), 3);
    h = record(undo(h), 4);
    expect(h.present).toBe(4);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe(2);
  });

  it('records nothing for the same value and keeps at most the limit of steps', () => {
    const h = startHistory({ n: 0 });
    expect(record(h, h.present)).toBe(h);
    let long = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) long = record(long, i);
    expect(long.past).toHaveLength(HISTORY_LIMIT);
    expect(long.past[0]).toBe(10);
  });

  it('makes edits of one field in a row one step', () => {
    let h = record(startHistory(''), 'a', 'name');
    h = record(h, 'ab', 'name');
    h = record(h, 'abc', 'name');
    expect(h.past).toEqual(['']);
    h = record(h, 'abc!', 'other');
    expect(undo(h).present).toBe('abc');
    expect(undo(undo(h)).present).toBe('');
  });
});
