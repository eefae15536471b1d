import type { TrackType } from '@railserve/protocol';
import { App } from 'antd';
import { type Dispatch, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { actionFailed } from '../../../lib/errors.ts';
import { useUploadBackground } from '../api/map-background.ts';
import type { SaveMap } from '../api/saved-map.ts';
import { autoConnect } from '../model/auto-connect.ts';
import { emptySelection, isEmptySelection } from '../model/editor-map.ts';
import { type EditorAction, type EditorState, isDirty, type ToolName } from '../model/editor-state.ts';
import { issueText } from '../model/issue-text.ts';
import { deleteSelection } from '../model/map-edits.ts';
import { describeMapIssue } from '../model/map-issues.ts';
import { mapFileText, readMapFile } from '../model/read-map-file.ts';
import { clampScale, fitView, zoomAround } from '../model/viewport.ts';

type CommandsInput = {
  trackId: number;
  trackType: TrackType;
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  readOnly: boolean;
  stage: () => { width: number; height: number };
  save: SaveMap;
  onLoadError: (text: string | null) => void;
};

/** What the toolbar and the keyboard shortcuts do; every map change goes through the history. */
export function useEditorCommands({ trackId, trackType, state, dispatch, readOnly, stage, save, onLoadError }: CommandsInput) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadBackground();
  const map = state.history.present;

  return useMemo(() => {
    const zoomTo = (scale: number) => {
      const { width, height } = stage();
      dispatch({ type: 'view', view: zoomAround(state.view, { x: width / 2, y: height / 2 }, clampScale(scale)) });
    };
    return {
      saving: save.isPending,
      uploading: upload.isPending,
      tool: (tool: ToolName) => dispatch({ type: 'tool', tool }),
      undo: () => dispatch({ type: 'undo' }),
      redo: () => dispatch({ type: 'redo' }),
      grid: () => dispatch({ type: 'grid' }),
      zoomTo,
      zoomIn: () => zoomTo(state.view.scale * 1.25),
      zoomOut: () => zoomTo(state.view.scale / 1.25),
      fit: () => {
        const { width, height } = stage();
        dispatch({ type: 'view', view: fitView(map.points, width, height) });
      },
      remove: () => {
        if (readOnly || isEmptySelection(state.selection)) return;
        const selection = state.selection;
        dispatch({ type: 'edit', apply: (m) => deleteSelection(m, selection), select: emptySelection });
      },
      autoConnect: () => {
        if (readOnly) return;
        const chosen = state.selection.points;
        dispatch({ type: 'edit', apply: (m) => autoConnect(m, trackType, chosen) });
      },
      toggleLock: () => {
        if (readOnly || !map.background) return;
        dispatch({
          type: 'edit',
          apply: (m) => (m.background ? { ...m, background: { ...m.background, locked: !m.background.locked } } : m),
        });
      },
      save: async () => {
        if (readOnly || save.isPending) return;
        const sent = state.history.present;
        try {
          await save.mutateAsync({ trackId, map: sent });
          dispatch({ type: 'saved', map: sent });
          void message.success(t('map-editor.messages.saved'));
        } catch (error) {
          // The server checks with the same schema: name its first finding in words, like a file's.
          const [first] = isApiError(error) ? error.validationDetails : [];
          const detail = first
            ? issueText(
                t,
                describeMapIssue(
                  {
                    code: 'custom',
                    message: first.message,
                    path: first.path.slice(1).map((p) => (/^\d+$/.test(String(p)) ? Number(p) : p)),
                  },
                  sent,
                ),
              )
            : undefined;
          void message.error(detail ?? actionFailed(t, t('map-editor.actions.save'), error));
        }
      },
      load: async (file: File) => {
        const read = await readMapFile(file);
        if ('error' in read) {
          const text = issueText(t, read.error);
          onLoadError(text);
          void message.error(text);
          return;
        }
        onLoadError(null);
        dispatch({ type: 'edit', apply: () => read.map, select: emptySelection });
        const { width, height } = stage();
        dispatch({ type: 'view', view: fitView(read.map.points, width, height) });
        void message.info(t('map-editor.messages.loaded'));
      },
      exportFile: () => {
        const url = URL.createObjectURL(new Blob([mapFileText(map)], { type: 'application/json' }));
        const link = Object.assign(document.createElement('a'), { href: url, download: `track-${trackId}-map.json` });
        link.click();
        URL.revokeObjectURL(url);
      },
      uploadImage: async (file: File) => {
        if (readOnly) return;
        try {
          const uploaded = await upload.mutateAsync({ trackId, file });
          dispatch({
            type: 'edit',
            apply: (m) => ({ ...m, background: { x: 0, y: 0, scale: 1, ...m.background, file: uploaded.file, locked: false } }),
          });
          dispatch({ type: 'tool', tool: 'image' });
        } catch (error) {
          void message.error(actionFailed(t, t('map-editor.actions.upload'), error));
        }
      },
      dirty: isDirty(state),
    };
  }, [state, map, dispatch, readOnly, trackId, trackType, save, upload, message, t, stage, onLoadError]);
}

export type EditorCommands = ReturnType<typeof useEditorCommands>;
