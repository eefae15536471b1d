import { pointsInBox } from '../model/map-edits.ts';
import { GRID_SIZE, type ToolBehaviour } from './tool.ts';

type Gesture = { kind: 'drag'; start: { x: number; y: number }; points: number[] } | { kind: 'box' } | null;

const toggle = <T>(list: readonly T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

/**
 * Select: click a point or path to select it, Shift-click to add or remove it, drag selected
 * points to move them (paths follow), drag on empty canvas to select the points in a box.
 */
export function selectTool(): ToolBehaviour {
  let gesture: Gesture = null;
  return {
    cursor: 'default',
    down({ state, dispatch, readOnly }, { hit, at, shift }) {
      const { selection } = state;
      if (hit.kind === 'point') {
        const picked = selection.points.includes(hit.number);
        if (shift) {
          dispatch({ type: 'select', selection: { ...selection, points: toggle(selection.points, hit.number) } });
          gesture = null;
          return;
        }
        const points = picked ? [...selection.points] : [hit.number];
        if (!picked) dispatch({ type: 'select', selection: { points, paths: [] } });
        gesture = readOnly ? null : { kind: 'drag', start: at, points };
        return;
      }
      if (hit.kind === 'path') {
        const paths = shift ? toggle(selection.paths, hit.key) : [hit.key];
        dispatch({ type: 'select', selection: { points: shift ? selection.points : [], paths } });
        gesture = null;
        return;
      }
      gesture = { kind: 'box' };
      dispatch({ type: 'box', box: { from: at, to: at } });
    },
    move({ state, dispatch }, { at }) {
      if (gesture?.kind === 'drag') {
        let dx = at.x - gesture.start.x;
        let dy = at.y - gesture.start.y;
        if (state.grid) [dx, dy] = [Math.round(dx / GRID_SIZE) * GRID_SIZE, Math.round(dy / GRID_SIZE) * GRID_SIZE];
        dispatch({ type: 'drag', drag: { points: gesture.points, dx, dy } });
      } else if (gesture?.kind === 'box' && state.box) {
        dispatch({ type: 'box', box: { from: state.box.from, to: at } });
      }
    },
    up({ state, map, dispatch }, { shift }) {
      if (gesture?.kind === 'drag') dispatch({ type: 'dragEnd' });
      if (gesture?.kind === 'box' && state.box) {
        const inside = pointsInBox(map, state.box.from, state.box.to);
        const moved = Math.abs(state.box.from.x - state.box.to.x) + Math.abs(state.box.from.y - state.box.to.y) > 2;
        if (moved || !shift) {
          const points = shift ? [...new Set([...state.selection.points, ...inside])] : inside;
          dispatch({ type: 'select', selection: { points, paths: shift ? state.selection.paths : [] } });
        }
        dispatch({ type: 'box', box: null });
      }
      gesture = null;
    },
  };
}
