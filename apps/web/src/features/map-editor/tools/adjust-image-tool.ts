import type { ToolBehaviour } from './tool.ts';

/** Adjust image: drag the unlocked background image to move it (one undoable step per drag). */
export function adjustImageTool(): ToolBehaviour {
  let start: { x: number; y: number } | null = null;
  let origin: { x: number; y: number } | null = null;
  return {
    cursor: 'move',
    down({ map, readOnly }, { at }) {
      if (readOnly || !map.background || map.background.locked) return;
      start = at;
      origin = { x: map.background.x, y: map.background.y };
    },
    move({ dispatch, map }, { at }) {
      if (!start || !origin || !map.background) return;
      const position = { x: Math.round(origin.x + at.x - start.x), y: Math.round(origin.y + at.y - start.y) };
      dispatch({ type: 'imageDrag', position });
    },
    up({ dispatch }) {
      if (start) dispatch({ type: 'imageDragEnd' });
      start = null;
      origin = null;
    },
  };
}
