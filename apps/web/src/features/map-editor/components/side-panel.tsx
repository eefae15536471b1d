import { Flex } from 'antd';
import type { Dispatch } from 'react';
import type { EditorAction, EditorState } from '../model/editor-state.ts';
import type { MapProblem } from '../model/problems.ts';
import { ImageProperties } from './panels/image-properties.tsx';
import { MapLegend } from './panels/map-legend.tsx';
import { PathProperties } from './panels/path-properties.tsx';
import { PointProperties } from './panels/point-properties.tsx';
import { ProblemsPanel } from './panels/problems-panel.tsx';

type SidePanelProps = {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  readOnly: boolean;
  problems: readonly MapProblem[];
  narrow: boolean;
};

/** The property panels of the selection, the background image's settings, the problems and the legend. */
export function SidePanel({ state, dispatch, readOnly, problems, narrow }: SidePanelProps) {
  const map = state.history.present;
  return (
    <Flex vertical gap={8} style={{ width: narrow ? '100%' : 320, flexShrink: 0, overflowY: narrow ? undefined : 'auto' }}>
      <PointProperties map={map} numbers={state.selection.points} dispatch={dispatch} readOnly={readOnly} />
      <PathProperties map={map} keys={state.selection.paths} dispatch={dispatch} readOnly={readOnly} />
      {state.tool === 'image' || map.background ? <ImageProperties map={map} dispatch={dispatch} readOnly={readOnly} /> : null}
      <ProblemsPanel problems={problems} onSelect={(points) => dispatch({ type: 'select', selection: { points, paths: [] } })} />
      <MapLegend />
    </Flex>
  );
}
