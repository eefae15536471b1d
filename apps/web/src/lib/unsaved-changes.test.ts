import { describe, expect, it } from 'vitest';
import { formChanged, leavesPage, mustConfirmLeaving, sameValue, UnsavedChanges } from './unsaved-changes.ts';

describe('UnsavedChanges', () => {
  it('holds the page while any editor has changes, and tells its listeners', () => {
    const changes = new UnsavedChanges();
    let told = 0;
    changes.subscribe(() => told++);
    changes.set('layout', true);
    changes.set('form', true);
    changes.set('form', true);
    expect(changes.has()).toBe(true);
    expect(told).toBe(2);
    changes.set('layout', false);
    expect(changes.has()).toBe(true);
    changes.set('form', false);
    expect(changes.has()).toBe(false);
    expect(told).toBe(4);
  });

  it('forgets every change once leaving was confirmed', () => {
    const changes = new UnsavedChanges();
    changes.set('a', true);
    changes.set('b', true);
    changes.discardAll();
    expect(changes.has()).toBe(false);
  });

  it('asks before signing out only with changes, and a confirmed leave drops them', async () => {
    const changes = new UnsavedChanges();
    await expect(changes.ask()).resolves.toBe(true);
    expect(changes.asking).toBe(false);

    changes.set('form', true);
    const stay = changes.ask();
    expect(changes.asking).toBe(true);
    changes.answer(false);
    await expect(stay).resolves.toBe(false);
    expect(changes.asking).toBe(false);
    expect(changes.has()).toBe(true);

    const leave = changes.ask();
    changes.answer(true);
    await expect(leave).resolves.toBe(true);
    expect(changes.has()).toBe(false);
  });

  it('a second question answers the first one "stay"', async () => {
    const changes = new UnsavedChanges();
    changes.set('form', true);
    const first = changes.ask();
    const second = changes.ask();
    await expect(first).resolves.toBe(false);
    changes.answer(true);
    await expect(second).resolves.toBe(true);
  });
});

describe('leaving the page', () => {
  const changed = { has: () => true };
  const clean = { has: () => false };

  it('asks only with changes, and only for another path', () => {
    expect(mustConfirmLeaving(changed, { pathname: '/tracks/1/edit' }, { pathname: '/robots' })).toBe(true);
    expect(mustConfirmLeaving(clean, { pathname: '/tracks/1/edit' }, { pathname: '/robots' })).toBe(false);
    // A list's filters and page live in the search part: the same page.
    expect(leavesPage({ pathname: '/tracks' }, { pathname: '/tracks' })).toBe(false);
    expect(mustConfirmLeaving(changed, { pathname: '/tracks/1/edit' }, { pathname: '/tracks/1/edit' })).toBe(false);
    expect(mustConfirmLeaving(changed, { pathname: '/tracks/1/edit' }, { pathname: '/tracks/1/info' })).toBe(true);
  });
});

describe('form values', () => {
  it('blank is blank; lists and objects compare by content', () => {
    expect(sameValue(undefined, '')).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue('a', 'a ')).toBe(false);
    expect(sameValue(0, '')).toBe(false);
    expect(sameValue(false, undefined)).toBe(false);
    expect(sameValue([1, 2], [1, 2])).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue([], undefined)).toBe(false);
    expect(sameValue({ a: 1, b: '' }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });

  it('a form has changes when a touched field differs from where it started', () => {
    const initial = { name: 'Hall', note: '', trackIds: [1] };
    const touched = (fields: string[]) => (field: string) => fields.includes(field);
    expect(formChanged(initial, { name: 'Hall', note: '', trackIds: [1] }, touched(['name']))).toBe(false);
    expect(formChanged(initial, { name: 'Hall 2', note: '', trackIds: [1] }, touched(['name']))).toBe(true);
    expect(formChanged(initial, { name: 'Hall', note: undefined, trackIds: [1] }, touched(['note']))).toBe(false);
    expect(formChanged(initial, { name: 'Hall', note: '', trackIds: [1, 2] }, touched(['trackIds']))).toBe(true);
    // A value the page filled in itself (the suggested session code) is not a change.
    expect(formChanged({ trackIds: [] }, { code: 'S2026001', trackIds: [] }, touched([]))).toBe(false);
    expect(formChanged({}, { password: 'secret' }, touched(['password']))).toBe(true);
  });
});
