import { describe, expect, it } from 'vitest';
import { SCALE_MAX, toCanvas, wheelZoom, zoomAround } from './viewport.ts';

describe('viewport', () => {
  it('keeps the point under the cursor in place while zooming', () => {
    const view = { scale: 1, x: 10, y: 20 };
    const pointer = { x: 300, y: 200 };
    const before = toCanvas(view, pointer);
    const zoomed = wheelZoom(view, pointer, -100);
    expect(zoomed.scale).toBeCloseTo(1.1);
    const after = toCanvas(zoomed, pointer);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(wheelZoom(view, pointer, 100).scale).toBeCloseTo(1 / 1.1);
  });

  it('keeps the scale within its limits', () => {
    expect(zoomAround({ scale: 1, x: 0, y: 0 }, { x: 0, y: 0 }, 100).scale).toBe(SCALE_MAX);
  });
});
