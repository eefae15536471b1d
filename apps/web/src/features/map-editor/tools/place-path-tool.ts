import { pathKey } from '../model/editor-map.ts';
import { addPath } from '../model/map-edits.ts';
import type { ToolBehaviour } from './tool.ts';

/**
 * Place path: click the point a path starts from, then the point it runs to; the path gets the
 * chosen path type and the second point starts the next path. A click on empty canvas stops.
 */
export function placePathTool(): ToolBehaviour {
  return {
    cursor: 'crosshair',
    down({ state, dispatch, readOnly }, { hit }) {
      if (readOnly) return;
      if (hit.kind !== 'point') {
        dispatch({ type: 'pathStart', point: null });
        return;
      }
      const from = state.pathStart;
      if (from === null || from === hit.number) {
        dispatch({ type: 'pathStart', point: hit.number });
        dispatch({ type: 'select', selection: { points: [hit.number], paths: [] } });
        return;
      }
      const path = { from, to: hit.number, type: state.pathType };
      dispatch({ type: 'edit', apply: (map) => addPath(map, path), select: { points: [], paths: [pathKey(path)] } });
      dispatch({ type: 'pathStart', point: hit.number });
    },
  };
}
