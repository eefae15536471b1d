import type { Robot } from '@railserve/protocol';
import { memo } from 'react';
import { Circle, Group, Layer, Text } from 'react-konva';
import { robotColor } from './map-styles.ts';

export type RobotHover = { robot: Robot; x: number; y: number } | null;

type RobotsLayerProps = {
  robots: readonly Robot[];
  at: ReadonlyMap<number, { x: number; y: number }>;
  onHover: (hover: RobotHover) => void;
  onOpen: (sn: string) => void;
};

/** The track's robots at their current points; robots on one point sit side by side. */
export const RobotsLayer = memo(function RobotsLayer({ robots, at, onHover, onOpen }: RobotsLayerProps) {
  const perPoint = new Map<number, number>();
  return (
    <Layer>
      {robots.map((robot) => {
        if (robot.point === null || robot.point === undefined) return null;
        const place = at.get(robot.point);
        if (!place) return null;
        const slot = perPoint.get(robot.point) ?? 0;
        perPoint.set(robot.point, slot + 1);
        const [x, y] = [place.x + slot * 18, place.y - 22];
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
            <Circle radius={10} fill={robotColor(robot)} stroke="#141414" strokeWidth={1.5} shadowBlur={4} shadowOpacity={0.3} />
            <Text text="R" x={-4} y={-6} fontSize={12} fontStyle="bold" fill="#ffffff" listening={false} />
          </Group>
        );
      })}
    </Layer>
  );
});
