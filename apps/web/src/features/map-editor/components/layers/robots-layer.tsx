import type { Robot } from '@railserve/protocol';
import { memo } from 'react';
import { Group, Layer, Rect, Text } from 'react-konva';
import { robotMarkerLabel } from '../../model/robot-marker.ts';
import { robotColor } from './map-styles.ts';

export type RobotHover = { robot: Robot; x: number; y: number } | null;

type RobotsLayerProps = {
  robots: readonly Robot[];
  at: ReadonlyMap<number, { x: number; y: number }>;
  onHover: (hover: RobotHover) => void;
  onOpen: (sn: string) => void;
};

const MARKER_HEIGHT = 20;
/** A marker's width: its label's, at least a circle's. */
const markerWidth = (label: string) => Math.max(MARKER_HEIGHT, 8 + [...label].length * 8);

/**
 * The track's robots at their current points, each a marker reading its short name or number
 * (model/robot-marker.ts); robots on one point sit side by side.
 */
export const RobotsLayer = memo(function RobotsLayer({ robots, at, onHover, onOpen }: RobotsLayerProps) {
  const perPoint = new Map<number, number>();
  return (
    <Layer>
      {robots.map((robot) => {
        if (robot.point === null || robot.point === undefined) return null;
        const place = at.get(robot.point);
        if (!place) return null;
        const label = robotMarkerLabel(robot);
        const width = markerWidth(label);
        const offset = perPoint.get(robot.point) ?? 0;
        perPoint.set(robot.point, offset + width + 2);
        const [x, y] = [place.x + offset, place.y - 22];
        return (
          <Group
            key={robot.sn}
            x={x}
            y={y}
            name="robot"
            id={`robot:${robot.sn}`}
            onMouseEnter={(e) => {
              const stage = e.target.getStage();
              const pointer = stage?.getPointerPosition();
              if (stage) stage.container().style.cursor = 'pointer';
              onHover(pointer ? { robot, x: pointer.x, y: pointer.y } : null);
            }}
            onMouseLeave={(e) => {
              const stage = e.target.getStage();
              if (stage) stage.container().style.cursor = '';
              onHover(null);
            }}
            onClick={() => onOpen(robot.sn)}
            onTap={() => onOpen(robot.sn)}
          >
            <Rect
              x={-MARKER_HEIGHT / 2}
              y={-MARKER_HEIGHT / 2}
              width={width}
              height={MARKER_HEIGHT}
              cornerRadius={MARKER_HEIGHT / 2}
              fill={robotColor(robot)}
              stroke="#141414"
              strokeWidth={1.5}
              shadowBlur={4}
              shadowOpacity={0.3}
            />
            <Text
              text={label}
              x={-MARKER_HEIGHT / 2}
              y={-MARKER_HEIGHT / 2}
              width={width}
              height={MARKER_HEIGHT}
              align="center"
              verticalAlign="middle"
              fontSize={11}
              fontStyle="bold"
              fill="#ffffff"
              listening={false}
            />
          </Group>
        );
      })}
    </Layer>
  );
});
