import { memo } from 'react';
import { Layer, Shape } from 'react-konva';
import type { Viewport } from '../../model/viewport.ts';
import { GRID_SIZE } from '../../tools/tool.ts';

/** The grid over the visible part of the canvas, drawn as one shape (never thousands of lines). */
export const GridLayer = memo(function GridLayer({ view, width, height }: { view: Viewport; width: number; height: number }) {
  const step = GRID_SIZE * (view.scale < 0.5 ? 5 : 1);
  return (
    <Layer listening={false}>
      <Shape
        perfectDrawEnabled={false}
        sceneFunc={(context, shape) => {
          const left = Math.floor(-view.x / view.scale / step) * step;
          const top = Math.floor(-view.y / view.scale / step) * step;
          const right = left + width / view.scale + step;
          const bottom = top + height / view.scale + step;
          context.beginPath();
          for (let x = left; x <= right; x += step) {
            context.moveTo(x, top);
            context.lineTo(x, bottom);
          }
          for (let y = top; y <= bottom; y += step) {
            context.moveTo(left, y);
            context.lineTo(right, y);
          }
          context.strokeShape(shape);
        }}
        stroke="#f0f0f0"
        strokeWidth={1}
        strokeScaleEnabled={false}
      />
    </Layer>
  );
});
