import type { ToolName } from './editor-state.ts';

export type ShortcutCommand =
  | { tool: ToolName }
  | {
      command:
        | 'undo'
        | 'redo'
        | 'remove'
        | 'save'
        | 'autoConnect'
        | 'grid'
        | 'toggleLock'
        | 'uploadImage'
        | 'zoomIn'
        | 'zoomOut'
        | 'fit'
        | 'cancel';
    };

/** The keys shown in the toolbar tooltips (one letter per tool, as in drawing programs). */
export const SHORTCUT_LABELS = {
  select: 'V',
  pan: 'H',
  point: 'P',
  path: 'L',
  image: 'I',
  autoConnect: 'A',
  grid: 'G',
  toggleLock: 'K',
  uploadImage: 'U',
  zoomIn: '+',
  zoomOut: '-',
  fit: 'F',
  undo: 'Ctrl+Z',
  redo: 'Ctrl+Shift+Z',
  remove: 'Delete',
  save: 'Ctrl+S',
} as const;

const LETTERS: Record<string, ShortcutCommand> = {
  v: { tool: 'select' },
  h: { tool: 'pan' },
  p: { tool: 'point' },
  l: { tool: 'path' },
  i: { tool: 'image' },
  a: { command: 'autoConnect' },
  g: { command: 'grid' },
  k: { command: 'toggleLock' },
  u: { command: 'uploadImage' },
  f: { command: 'fit' },
  '+': { command: 'zoomIn' },
  '=': { command: 'zoomIn' },
  '-': { command: 'zoomOut' },
};

/** The editor command for a key press, or undefined; Ctrl and Cmd count alike. */
export function shortcutFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): ShortcutCommand | undefined {
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) {
    if (key === 'z') return { command: event.shiftKey ? 'redo' : 'undo' };
    if (key === 'y') return { command: 'redo' };
    if (key === 's') return { command: 'save' };
    return undefined;
  }
  if (event.altKey) return undefined;
  if (key === 'delete' || key === 'backspace') return { command: 'remove' };
  if (key === 'escape') return { command: 'cancel' };
  return LETTERS[key];
}
