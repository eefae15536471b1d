import type { MapPathType } from '@railserve/protocol';
import { type EditorMap, emptySelection, type Selection } from './editor-map.ts';
import { type History, record, redo, startHistory, undo } from './history.ts';
import { movePoints } from './map-edits.ts';
import type { Viewport } from './viewport.ts';

export const TOOLS = ['select', 'pan', 'point', 'path', 'image'] as const;
export type ToolName = (typeof TOOLS)[number];

/** Points being dragged: drawn moved by (dx, dy) until the drag ends and becomes one edit. */
export type DragPreview = { points: readonly number[]; dx: number; dy: number };
export type Box = { from: { x: number; y: number }; to: { x: number; y: number } };

export type EditorState = {
  history: History<EditorMap>;
  /** The map as last loaded from or saved to the server: unsaved changes are any other present. */
  saved: EditorMap;
  selection: Selection;
  tool: ToolName;
  pathType: MapPathType;
  /** Place path: the point the next path starts from. */
  pathStart: number | null;
  grid: boolean;
  view: Viewport;
  /**
   * A pan in progress: the drawn canvas is only shifted by (dx, dy) on the screen, and the view
   * moves, with one redraw, when the pan ends. Redrawing a large map on every mouse move cannot
   * keep up with the pointer.
   */
  pan: { dx: number; dy: number } | null;
  drag: DragPreview | null;
  /** The background image's position while it is being dragged. */
  imageDrag: { x: number; y: number } | null;
  box: Box | null;
};

export type EditorAction =
  | { type: 'saved'; map: EditorMap }
  | { type: 'edit'; apply: (map: EditorMap) => EditorMap; select?: Selection; key?: string }
  | { type: 'select'; selection: Selection }
  | { type: 'tool'; tool: ToolName }
  | { type: 'pathType'; pathType: MapPathType }
  | { type: 'pathStart'; point: number | null }
  | { type: 'grid' }
  | { type: 'view'; view: Viewport }
  | { type: 'pan'; pan: { dx: number; dy: number } }
  | { type: 'panEnd' }
  | { type: 'drag'; drag: DragPreview | null }
  | { type: 'dragEnd' }
  | { type: 'imageDrag'; position: { x: number; y: number } }
  | { type: 'imageDragEnd' }
  | { type: 'box'; box: Box | null }
  | { type: 'undo' }
  | { type: 'redo' };

export function initialEditorState(map: EditorMap): EditorState {
  return {
    history: startHistory(map),
    saved: map,
    selection: emptySelection,
    tool: 'select',
    pathType: 'bidirectional',
    pathStart: null,
    grid: true,
    view: { scale: 1, x: 40, y: 40 },
    pan: null,
    drag: null,
    imageDrag: null,
    box: null,
  };
}

/** Keeps only the selected points and paths that still exist (after undo, redo, delete). */
function existing(map: EditorMap, selection: Selection): Selection {
  const numbers = new Set(map.points.map((p) => p.number));
  const keys = new Set(map.paths.map((p) => `${p.from}>${p.to}`));
  const points = selection.points.filter((n) => numbers.has(n));
  const paths = selection.paths.filter((k) => keys.has(k));
  return points.length === selection.points.length && paths.length === selection.paths.length ? selection : { points, paths };
}

function withHistory(state: EditorState, history: History<EditorMap>, selection = state.selection): EditorState {
  if (history === state.history && selection === state.selection) return state;
  return { ...state, history, selection: existing(history.present, selection), drag: null };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'saved':
      return { ...state, saved: action.map };
    case 'edit':
      return withHistory(state, record(state.history, action.apply(state.history.present), action.key), action.select);
    case 'select':
      return { ...state, selection: action.selection };
    case 'tool':
      return { ...state, tool: action.tool, pathStart: null, box: null, drag: null };
    case 'pathType':
      return { ...state, pathType: action.pathType };
    case 'pathStart':
      return { ...state, pathStart: action.point };
    case 'grid':
      return { ...state, grid: !state.grid };
    case 'view':
      return { ...state, view: action.view };
    case 'pan':
      return { ...state, pan: action.pan };
    case 'panEnd': {
      const { pan, view } = state;
      return pan ? { ...state, view: { ...view, x: view.x + pan.dx, y: view.y + pan.dy }, pan: null } : state;
    }
    case 'drag':
      return { ...state, drag: action.drag };
    case 'dragEnd': {
      const drag = state.drag;
      if (!drag) return state;
      const moved = movePoints(state.history.present, drag.points, drag.dx, drag.dy);
      return { ...withHistory(state, record(state.history, moved)), drag: null };
    }
    case 'imageDrag':
      return { ...state, imageDrag: action.position };
    case 'imageDragEnd': {
      const { imageDrag } = state;
      const map = state.history.present;
      if (!imageDrag || !map.background) return { ...state, imageDrag: null };
      const moved = { ...map, background: { ...map.background, ...imageDrag } };
      return { ...withHistory(state, record(state.history, moved)), imageDrag: null };
    }
    case 'box':
      return { ...state, box: action.box };
    case 'undo':
      return withHistory(state, undo(state.history));
    case 'redo':
      return withHistory(state, redo(state.history));
  }
}

export const isDirty = (state: EditorState) => state.history.present !== state.saved;
