import { Layer, Line, Rect } from 'react-konva';
import type { Box } from '../../model/editor-state.ts';
import { SELECTED } from './map-styles.ts';

type SelectionLayerProps = {
  box: Box | null;
  /** Place path: a line from the start point to the pointer. */
  rubberBand: { from: { x: number; y: number }; to: { x: number; y: number } } | null;
};

/** What the current gesture draws: the selection box, or the path about to be placed. */
export function SelectionLayer({ box, rubberBand }: SelectionLayerProps) {
  return (
    <Layer listening={false}>
      {box ? (
        <Rect
          x={Math.min(box.from.x, box.to.x)}
          y={Math.min(box.from.y, box.to.y)}
          width={Math.abs(box.to.x - box.from.x)}
          height={Math.abs(box.to.y - box.from.y)}
          fill="rgba(22, 119, 255, 0.08)"
          stroke="#1677ff"
          dash={[4, 4]}
          strokeScaleEnabled={false}
        />
      ) : null}
      {rubberBand ? (
        <Line
          points={[rubberBand.from.x, rubberBand.from.y, rubberBand.to.x, rubberBand.to.y]}
          stroke={SELECTED}
          dash={[6, 4]}
          strokeWidth={2}
          strokeScaleEnabled={false}
        />
      ) : null}
    </Layer>
  );
}
