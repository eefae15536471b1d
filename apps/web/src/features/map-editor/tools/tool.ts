import type { Dispatch } from 'react';
import type { EditorMap } from '../model/editor-map.ts';
import type { EditorAction, EditorState } from '../model/editor-state.ts';

/** What is under the pointer: a point, a path, the background image, or empty canvas. */
export type Hit = { kind: 'point'; number: number } | { kind: 'path'; key: string } | { kind: 'image' } | { kind: 'empty' };

export type PointerInput = {
  hit: Hit;
  /** Canvas coordinates (scale 1). */
  at: { x: number; y: number };
  /** Screen coordinates inside the stage. */
  screen: { x: number; y: number };
  shift: boolean;
};

export type ToolContext = {
  state: EditorState;
  map: EditorMap;
  dispatch: Dispatch<EditorAction>;
  readOnly: boolean;
};

/**
 * A tool's behaviour on the canvas: what a press, a move and a release do. A tool keeps what
 * it needs between them (where a drag began) in its own `gesture` object.
 */
export type ToolBehaviour = {
  cursor: string;
  down?(ctx: ToolContext, input: PointerInput): void;
  move?(ctx: ToolContext, input: PointerInput): void;
  up?(ctx: ToolContext, input: PointerInput): void;
};

/** Snaps to the 20 px grid when the grid is on. */
export const GRID_SIZE = 20;
export const snap = (value: number, grid: boolean) => (grid ? Math.round(value / GRID_SIZE) * GRID_SIZE : Math.round(value));
