import type { Robot } from '@railserve/protocol';
import type Konva from 'konva';
import { type Dispatch, useEffect, useMemo, useRef, useState } from 'react';
import { Stage } from 'react-konva';
import { useStageSize } from '../hooks/use-stage-size.ts';
import type { EditorMap } from '../model/editor-map.ts';
import type { EditorAction, EditorState } from '../model/editor-state.ts';
import { fitView, toCanvas, wheelZoom } from '../model/viewport.ts';
import type { Hit, ToolBehaviour } from '../tools/tool.ts';
import { createToolBehaviours } from '../tools/tool-behaviours.ts';
import { BackgroundLayer } from './layers/background-layer.tsx';
import { GridLayer } from './layers/grid-layer.tsx';
import { PathsLayer } from './layers/paths-layer.tsx';
import { PointsLayer } from './layers/points-layer.tsx';
import { type RobotHover, RobotsLayer } from './layers/robots-layer.tsx';
import { SelectionLayer } from './layers/selection-layer.tsx';
import { RobotTooltip } from './robot-tooltip.tsx';

type MapCanvasProps = {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  readOnly: boolean;
  backgroundUrl: string | undefined;
  robots: readonly Robot[];
  onOpenRobot: (sn: string) => void;
};

const EMPTY = new Set<never>();

/** What the pointer is over, from the Konva node's name and id. */
function hitOf(target: Konva.Node): Hit | 'robot' {
  for (let node: Konva.Node | null = target; node; node = node.getParent()) {
    const name = node.name();
    if (name === 'robot') return 'robot';
    if (name === 'point') return { kind: 'point', number: Number(node.id().slice('point:'.length)) };
    if (name === 'path') return { kind: 'path', key: node.id().slice('path:'.length) };
    if (name === 'image') return { kind: 'image' };
  }
  return { kind: 'empty' };
}

const positionsOf = (map: EditorMap) => new Map(map.points.map((p) => [p.number, { x: p.x, y: p.y }]));

/** The editor's canvas: layers (background, grid, paths, points, robots, selection) and the pointer handed to the tool. */
export function MapCanvas({ state, dispatch, readOnly, backgroundUrl, robots, onOpenRobot }: MapCanvasProps) {
  const { ref, width, height } = useStageSize();
  const tools = useRef<Record<string, ToolBehaviour>>(createToolBehaviours());
  const [pointer, setPointer] = useState<{ x: number; y: number } | null>(null);
  const [hover, setHover] = useState<RobotHover>(null);
  const map = state.history.present;
  const { view, drag, pan } = state;
  const tool = tools.current[readOnly && state.tool !== 'pan' ? 'select' : state.tool];

  const at = useMemo(() => positionsOf(map), [map]);
  const dragged = drag?.points;
  const moving = useMemo(() => (dragged ? new Set(dragged) : undefined), [dragged]);
  const movedAt = useMemo(() => {
    if (!drag || !moving) return at;
    const next = new Map(at);
    for (const n of moving) {
      const p = at.get(n);
      if (p) next.set(n, { x: p.x + drag.dx, y: p.y + drag.dy });
    }
    return next;
  }, [at, drag, moving]);
  const selectedPoints = useMemo(() => new Set(state.selection.points), [state.selection.points]);
  const selectedPaths = useMemo(() => new Set(state.selection.paths), [state.selection.paths]);
  const labels = view.scale >= 0.5;

  const input = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const stage = event.target.getStage();
    const screen = stage?.getPointerPosition() ?? { x: 0, y: 0 };
    const hit = hitOf(event.target);
    return {
      robot: hit === 'robot',
      input: {
        hit: hit === 'robot' ? ({ kind: 'empty' } as const) : hit,
        at: toCanvas(view, screen),
        screen,
        shift: event.evt.shiftKey,
      },
    };
  };
  const context = { state, map, dispatch, readOnly };

  useEffect(() => {
    if (ref.current) ref.current.style.cursor = tool.cursor;
  }, [tool, ref]);

  // The map opens fitted into the canvas, once its size is known.
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || width === 0 || height === 0) return;
    fitted.current = true;
    dispatch({ type: 'view', view: fitView(map.points, width, height) });
  }, [width, height, map.points, dispatch]);

  const background = map.background;
  const image = state.imageDrag ?? background;
  const start = state.pathStart !== null ? at.get(state.pathStart) : undefined;

  return (
    <div
      ref={ref}
      style={{ position: 'relative', flex: 1, minHeight: 320, overflow: 'hidden', background: '#fff' }}
      data-testid="map-canvas"
    >
      {/* Out of the flow, so the canvas never feeds back into the size it is drawn at. */}
      {width > 0 ? (
        <div style={{ position: 'absolute', inset: 0, transform: pan ? `translate(${pan.dx}px, ${pan.dy}px)` : undefined }}>
          <Stage
            width={width}
            height={height}
            x={view.x}
            y={view.y}
            scaleX={view.scale}
            scaleY={view.scale}
            onWheel={(e) => {
              e.evt.preventDefault();
              const screen = e.target.getStage()?.getPointerPosition();
              if (screen) dispatch({ type: 'view', view: wheelZoom(view, screen, e.evt.deltaY) });
            }}
            onMouseDown={(e) => {
              if (e.evt.button !== 0) return;
              const { robot, input: i } = input(e);
              if (!robot) tool.down?.(context, i);
            }}
            onMouseMove={(e) => {
              const { input: i } = input(e);
              if (state.tool === 'path' && state.pathStart !== null) setPointer(i.at);
              tool.move?.(context, i);
            }}
            onMouseUp={(e) => tool.up?.(context, input(e).input)}
            onMouseLeave={(e) => tool.up?.(context, input(e).input)}
          >
            {background && image ? (
              <BackgroundLayer
                url={backgroundUrl}
                x={image.x}
                y={image.y}
                scale={background.scale}
                interactive={state.tool === 'image' && !background.locked && !readOnly}
              />
            ) : null}
            {state.grid ? <GridLayer view={view} width={width} height={height} /> : null}
            <PathsLayer paths={map.paths} at={at} selected={selectedPaths} exclude={moving} />
            {moving ? (
              <PathsLayer paths={map.paths} at={movedAt} selected={selectedPaths} only={moving} listening={false} />
            ) : null}
            <PointsLayer
              points={map.points}
              selected={selectedPoints}
              pathStart={state.pathStart}
              labels={labels}
              exclude={moving ?? EMPTY}
            />
            {moving && drag ? (
              <PointsLayer
                points={map.points}
                selected={selectedPoints}
                pathStart={state.pathStart}
                labels={labels}
                only={moving}
                dx={drag.dx}
                dy={drag.dy}
                listening={false}
              />
            ) : null}
            <RobotsLayer robots={robots} at={at} onHover={setHover} onOpen={onOpenRobot} />
            <SelectionLayer
              box={state.box}
              rubberBand={start && pointer && state.tool === 'path' ? { from: start, to: pointer } : null}
            />
          </Stage>
        </div>
      ) : null}
      <RobotTooltip hover={hover} />
    </div>
  );
}
