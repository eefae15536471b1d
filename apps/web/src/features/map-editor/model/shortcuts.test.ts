import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts.ts';

const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
  shortcutFor({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('shortcuts', () => {
  it('maps Ctrl+Z, Ctrl+Shift+Z and Delete', () => {
    expect(press('z', { ctrlKey: true })).toEqual({ command: 'undo' });
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toEqual({ command: 'redo' });
    expect(press('z', { metaKey: true })).toEqual({ command: 'undo' });
    expect(press('Delete')).toEqual({ command: 'remove' });
  });

  it('maps one letter per tool and ignores other keys', () => {
    expect(press('p')).toEqual({ tool: 'point' });
    expect(press('L')).toEqual({ tool: 'path' });
    expect(press('q')).toBeUndefined();
    expect(press('p', { altKey: true })).toBeUndefined();
  });
});
