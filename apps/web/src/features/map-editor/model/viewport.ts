/** Where the canvas looks: scale, and the screen position of the canvas origin. */
export type Viewport = { scale: number; x: number; y: number };

/** The spec's scale presets: quarter, half, original, 1.5 times, double. */
export const SCALE_PRESETS = [0.25, 0.5, 1, 1.5, 2] as const;
export const SCALE_MIN = 0.05;
export const SCALE_MAX = 8;
/** One wheel notch zooms by this factor. */
export const WHEEL_STEP = 1.1;

export const clampScale = (scale: number) => Math.min(SCALE_MAX, Math.max(SCALE_MIN, scale));

/** Zooms to `scale` keeping the canvas point under `pointer` (screen coordinates) where it is. */
export function zoomAround(view: Viewport, pointer: { x: number; y: number }, scale: number): Viewport {
  const next = clampScale(scale);
  const canvasX = (pointer.x - view.x) / view.scale;
  const canvasY = (pointer.y - view.y) / view.scale;
  return { scale: next, x: pointer.x - canvasX * next, y: pointer.y - canvasY * next };
}

/** A wheel turn: up (negative deltaY) zooms in. */
export const wheelZoom = (view: Viewport, pointer: { x: number; y: number }, deltaY: number) =>
  zoomAround(view, pointer, deltaY < 0 ? view.scale * WHEEL_STEP : view.scale / WHEEL_STEP);

/** Screen to canvas coordinates. */
export const toCanvas = (view: Viewport, screen: { x: number; y: number }) => ({
  x: (screen.x - view.x) / view.scale,
  y: (screen.y - view.y) / view.scale,
});

/** A view that shows every point with a margin, in a stage of the given size. */
export function fitView(points: readonly { x: number; y: number }[], width: number, height: number): Viewport {
  if (points.length === 0) return { scale: 1, x: 40, y: 40 };
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const margin = 60;
  const scale = clampScale(
    Math.min((width - margin * 2) / Math.max(maxX - minX, 1), (height - margin * 2) / Math.max(maxY - minY, 1), 2),
  );
  return { scale, x: margin - minX * scale, y: margin - minY * scale };
}
