import type { ToolBehaviour } from './tool.ts';

/**
 * Pan: drag the canvas around. While the button is down the drawn canvas is only shifted (the
 * state's `pan`); the view moves when it is released.
 */
export function panTool(): ToolBehaviour {
  let origin: { x: number; y: number } | null = null;
  return {
    cursor: 'grab',
    down(_ctx, { screen }) {
      origin = screen;
    },
    move({ state, dispatch }, { screen }) {
      if (!origin) return;
      // The pointer is measured inside the shifted canvas: add the shift back for the screen position.
      const shift = state.pan ?? { dx: 0, dy: 0 };
      dispatch({ type: 'pan', pan: { dx: screen.x + shift.dx - origin.x, dy: screen.y + shift.dy - origin.y } });
    },
    up({ dispatch }) {
      if (origin) dispatch({ type: 'panEnd' });
      origin = null;
    },
  };
}
