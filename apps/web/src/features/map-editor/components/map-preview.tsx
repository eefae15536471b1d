import type { Robot, TrackMap } from '@railserve/protocol';
import { useReducer } from 'react';
import { useBackgroundImage } from '../api/map-background.ts';
import { emptyMap } from '../model/editor-map.ts';
import { editorReducer, initialEditorState } from '../model/editor-state.ts';
import { MapCanvas } from './map-canvas.tsx';

type MapPreviewProps = {
  trackId: number;
  /** The track's saved map (the tracks slice's, given by app/). */
  map: TrackMap | null;
  /** The robots drawn where they stand. */
  robots: readonly Robot[];
  height?: number;
};

const nothing = () => {};

/** The editor's canvas, read-only, fitted to a small box: where robots stand on a track (the alarm drawer). */
export function MapPreview({ trackId, map, robots, height = 260 }: MapPreviewProps) {
  const [state, dispatch] = useReducer(editorReducer, map ?? emptyMap(), initialEditorState);
  const backgroundUrl = useBackgroundImage(trackId, state.history.present.background?.file);
  return (
    <div
      style={{ height, display: 'flex', overflow: 'hidden', border: '1px solid #f0f0f0', borderRadius: 8 }}
      data-testid="map-preview"
    >
      <MapCanvas state={state} dispatch={dispatch} readOnly backgroundUrl={backgroundUrl} robots={robots} onOpenRobot={nothing} />
    </div>
  );
}
