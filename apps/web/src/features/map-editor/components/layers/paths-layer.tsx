import type { MapPath } from '@railserve/protocol';
import { memo } from 'react';
import { Arrow, Layer } from 'react-konva';
import { pathKey } from '../../model/editor-map.ts';
import { PATH_STYLES, POINT_RADIUS, pathLine, SELECTED } from './map-styles.ts';

type At = ReadonlyMap<number, { x: number; y: number }>;

type PathShapeProps = { path: MapPath; x1: number; y1: number; x2: number; y2: number; selected: boolean };

/** One path: an arrow in its direction (both ways for bidirectional), styled by its type. */
const PathShape = memo(function PathShape({ path, x1, y1, x2, y2, selected }: PathShapeProps) {
  const style = PATH_STYLES[path.type];
  const { from, to } = trim({ x: x1, y: y1 }, { x: x2, y: y2 });
  return (
    <Arrow
      id={`path:${pathKey(path)}`}
      name="path"
      points={pathLine(from, to, style.bend)}
      tension={style.bend ? 0.5 : 0}
      stroke={selected ? SELECTED : style.color}
      fill={selected ? SELECTED : style.color}
      strokeWidth={selected ? 4 : 2.5}
      dash={style.dash}
      pointerLength={10}
      pointerWidth={9}
      pointerAtBeginning={!!style.both}
      hitStrokeWidth={12}
      perfectDrawEnabled={false}
      shadowForStrokeEnabled={false}
      strokeScaleEnabled={false}
    />
  );
});

/** Shortens a segment by the point radius at both ends, so arrowheads stay visible. */
function trim(a: { x: number; y: number }, b: { x: number; y: number }) {
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const k = Math.min(POINT_RADIUS + 2, length / 3) / length;
  const [dx, dy] = [(b.x - a.x) * k, (b.y - a.y) * k];
  return { from: { x: a.x + dx, y: a.y + dy }, to: { x: b.x - dx, y: b.y - dy } };
}

type PathsLayerProps = {
  paths: readonly MapPath[];
  at: At;
  selected: ReadonlySet<string>;
  /** Only paths touching these points (a drag), or, with `exclude`, every other path. */
  only?: ReadonlySet<number>;
  exclude?: ReadonlySet<number>;
  listening?: boolean;
};

/** The paths as one canvas layer; while points are dragged the moving paths draw in a layer of their own. */
export const PathsLayer = memo(function PathsLayer({ paths, at, selected, only, exclude, listening = true }: PathsLayerProps) {
  return (
    <Layer listening={listening}>
      {paths.map((path) => {
        const touches = (set?: ReadonlySet<number>) => !!set && (set.has(path.from) || set.has(path.to));
        if (only && !touches(only)) return null;
        if (exclude && touches(exclude)) return null;
        const a = at.get(path.from);
        const b = at.get(path.to);
        if (!a || !b) return null;
        const key = pathKey(path);
        return <PathShape key={key} path={path} x1={a.x} y1={a.y} x2={b.x} y2={b.y} selected={selected.has(key)} />;
      })}
    </Layer>
  );
});
