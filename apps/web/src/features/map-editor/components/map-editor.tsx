import type { Robot, TrackType } from '@railserve/protocol';
import { MAP_PATH_TYPES } from '@railserve/protocol';
import { Alert, Flex, Select } from 'antd';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { useBackgroundImage } from '../api/map-background.ts';
import type { SaveMap } from '../api/saved-map.ts';
import { useEditorCommands } from '../hooks/use-editor-commands.ts';
import { useEditorShortcuts } from '../hooks/use-editor-shortcuts.ts';
import type { EditorMap } from '../model/editor-map.ts';
import { editorReducer, initialEditorState } from '../model/editor-state.ts';
import { findProblems } from '../model/problems.ts';
import { MapCanvas } from './map-canvas.tsx';
import { SidePanel } from './side-panel.tsx';
import { EditorToolbar } from './toolbar/editor-toolbar.tsx';

export type MapEditorProps = {
  trackId: number;
  trackType: TrackType;
  /** Robots assigned to the track (for the parking check) and drawn on the map. */
  robots: readonly Robot[];
  savedMap: EditorMap;
  save: SaveMap;
  readOnly: boolean;
  onOpenRobot: (sn: string) => void;
};

/** The editor: toolbar, canvas and side panels around one editor state. */
export function MapEditor({ trackId, trackType, robots, savedMap, save, readOnly, onOpenRobot }: MapEditorProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 900px)');
  const [state, dispatch] = useReducer(editorReducer, savedMap, initialEditorState);
  const [loadError, setLoadError] = useState<string | null>(null);
  const canvasBox = useRef<HTMLDivElement>(null);
  const stage = useCallback(
    () => ({ width: canvasBox.current?.clientWidth ?? 800, height: canvasBox.current?.clientHeight ?? 500 }),
    [],
  );
  const commands = useEditorCommands({ trackId, trackType, state, dispatch, readOnly, stage, save, onLoadError: setLoadError });
  const cancel = useCallback(() => {
    dispatch({ type: 'pathStart', point: null });
    dispatch({ type: 'select', selection: { points: [], paths: [] } });
  }, []);
  useEditorShortcuts(commands, readOnly, cancel);
  useUnsavedChanges(commands.dirty && !readOnly);

  const map = state.history.present;
  const problems = useMemo(() => findProblems(map, { type: trackType, robots: robots.length }), [map, trackType, robots.length]);
  const backgroundUrl = useBackgroundImage(trackId, map.background?.file);

  return (
    <Flex vertical gap={8} style={{ flex: 1, minHeight: 0 }} data-testid="map-editor">
      <Flex gap={8} wrap align="center">
        <EditorToolbar state={state} commands={commands} readOnly={readOnly} />
        {state.tool === 'path' && !readOnly ? (
          <Select
            aria-label={t('map-editor.tools.newPathType')}
            value={state.pathType}
            style={{ width: 180 }}
            onChange={(pathType) => dispatch({ type: 'pathType', pathType })}
            options={MAP_PATH_TYPES.map((value) => ({ value, label: t(`map-editor.values.pathType.${value}`) }))}
            data-testid="new-path-type"
          />
        ) : null}
      </Flex>
      {loadError ? (
        <Alert type="error" showIcon closable title={loadError} onClose={() => setLoadError(null)} data-testid="map-load-error" />
      ) : null}
      <Flex gap={8} vertical={narrow} style={{ flex: 1, minHeight: narrow ? undefined : 0 }}>
        <div
          ref={canvasBox}
          style={{ flex: 1, display: 'flex', minHeight: narrow ? 420 : 0, border: '1px solid #f0f0f0', borderRadius: 8 }}
        >
          <MapCanvas
            state={state}
            dispatch={dispatch}
            readOnly={readOnly}
            backgroundUrl={backgroundUrl}
            robots={robots}
            onOpenRobot={onOpenRobot}
          />
        </div>
        <SidePanel state={state} dispatch={dispatch} readOnly={readOnly} problems={problems} narrow={narrow} />
      </Flex>
    </Flex>
  );
}
