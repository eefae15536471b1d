import type { MapPoint } from '@railserve/protocol';
import { memo } from 'react';
import { Circle, Group, Layer, Text } from 'react-konva';
import { POINT_COLORS, POINT_RADIUS, SELECTED } from './map-styles.ts';

type PointShapeProps = { point: MapPoint; x: number; y: number; selected: boolean; start: boolean; labels: boolean };

/** One point: a dot coloured by its type, a ring when selected, its number beside it. */
const PointShape = memo(function PointShape({ point, x, y, selected, start, labels }: PointShapeProps) {
  return (
    <Group x={x} y={y} id={`point:${point.number}`} name="point">
      <Circle
        radius={POINT_RADIUS}
        fill={POINT_COLORS[point.type]}
        stroke={selected || start ? SELECTED : '#ffffff'}
        strokeWidth={selected || start ? 3 : 1.5}
        perfectDrawEnabled={false}
        shadowForStrokeEnabled={false}
      />
      {point.charge ? <Circle radius={3} fill="#fadb14" listening={false} perfectDrawEnabled={false} /> : null}
      {labels ? (
        <Text
          text={String(point.number)}
          x={POINT_RADIUS + 2}
          y={-POINT_RADIUS - 10}
          fontSize={12}
          fill="#262626"
          listening={false}
        />
      ) : null}
    </Group>
  );
});

type PointsLayerProps = {
  points: readonly MapPoint[];
  selected: ReadonlySet<number>;
  pathStart: number | null;
  labels: boolean;
  /** Only these points, moved by (dx, dy) — a drag; or, with `exclude`, every other point. */
  only?: ReadonlySet<number>;
  exclude?: ReadonlySet<number>;
  dx?: number;
  dy?: number;
  listening?: boolean;
};

export const PointsLayer = memo(function PointsLayer(props: PointsLayerProps) {
  const { points, selected, pathStart, labels, only, exclude, dx = 0, dy = 0, listening = true } = props;
  return (
    <Layer listening={listening}>
      {points.map((point) => {
        if (only && !only.has(point.number)) return null;
        if (exclude?.has(point.number)) return null;
        return (
          <PointShape
            key={point.number}
            point={point}
            x={point.x + dx}
            y={point.y + dy}
            selected={selected.has(point.number)}
            start={pathStart === point.number}
            labels={labels}
          />
        );
      })}
    </Layer>
  );
});
