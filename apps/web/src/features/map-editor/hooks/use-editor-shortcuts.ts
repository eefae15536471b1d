import { useEffect } from 'react';
import { shortcutFor } from '../model/shortcuts.ts';
import type { EditorCommands } from './use-editor-commands.ts';

/** Keyboard shortcuts while no text field has the focus (typing a name must not switch tools). */
export function useEditorShortcuts(commands: EditorCommands, readOnly: boolean, onCancel: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], .ant-select, .ant-modal')) return;
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      event.preventDefault();
      if ('tool' in shortcut) {
        if (!readOnly || shortcut.tool === 'pan' || shortcut.tool === 'select') commands.tool(shortcut.tool);
        return;
      }
      if (shortcut.command === 'cancel') onCancel();
      else if (shortcut.command === 'uploadImage') {
        if (!readOnly) document.querySelector<HTMLInputElement>('[data-testid="map-image-input"]')?.click();
      } else if (shortcut.command === 'save') void commands.save();
      else commands[shortcut.command]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [commands, readOnly, onCancel]);
}
