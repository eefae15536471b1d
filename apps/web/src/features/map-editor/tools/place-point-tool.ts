import { addPoint } from '../model/map-edits.ts';
import { snap, type ToolBehaviour } from './tool.ts';

/** Place point: a click on empty canvas places a path point with the next free number and selects it. */
export function placePointTool(): ToolBehaviour {
  return {
    cursor: 'crosshair',
    down({ state, map, dispatch, readOnly }, { hit, at }) {
      if (readOnly) return;
      if (hit.kind === 'point') {
        dispatch({ type: 'select', selection: { points: [hit.number], paths: [] } });
        return;
      }
      const placed = addPoint(map, snap(at.x, state.grid), snap(at.y, state.grid));
      dispatch({ type: 'edit', apply: () => placed.map, select: { points: [placed.number], paths: [] } });
    },
  };
}
