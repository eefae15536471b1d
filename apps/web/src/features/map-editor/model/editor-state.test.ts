import { describe, expect, it } from 'vitest';
import { mapFixture } from '../../../testing/map-fixtures.ts';
import { panTool } from '../tools/pan-tool.ts';
import { type EditorAction, editorReducer, initialEditorState, isDirty } from './editor-state.ts';
import { addPoint, deleteSelection } from './map-edits.ts';

describe('editor state', () => {
  it('makes a drag one undoable step and tracks unsaved changes', () => {
    let state = initialEditorState(mapFixture([1, 2]));
    expect(isDirty(state)).toBe(false);
    state = editorReducer(state, { type: 'drag', drag: { points: [1], dx: 10, dy: 0 } });
    state = editorReducer(state, { type: 'drag', drag: { points: [1], dx: 30, dy: 5 } });
    state = editorReducer(state, { type: 'dragEnd' });
    expect(state.history.present.points[0]).toMatchObject({ x: 130, y: 5 });
    expect(state.history.past).toHaveLength(1);
    expect(isDirty(state)).toBe(true);
    state = editorReducer(state, { type: 'undo' });
    expect(isDirty(state)).toBe(false);
    state = editorReducer(state, { type: 'redo' });
    expect(state.history.present.points[0].x).toBe(130);
  });

  it('drops selected points that an edit or undo removed', () => {
    let state = initialEditorState(mapFixture([1]));
    state = editorReducer(state, { type: 'edit', apply: (m) => addPoint(m, 0, 0).map, select: { points: [2], paths: [] } });
    expect(state.selection.points).toEqual([2]);
    state = editorReducer(state, { type: 'undo' });
    expect(state.selection.points).toEqual([]);
    state = editorReducer(state, { type: 'select', selection: { points: [1], paths: [] } });
    state = editorReducer(state, { type: 'edit', apply: (m) => deleteSelection(m, { points: [1], paths: [] }) });
    expect(state.selection.points).toEqual([]);
    state = editorReducer(state, { type: 'saved', map: state.history.present });
    expect(isDirty(state)).toBe(false);
  });

  it('moves the view once, when a pan ends, by what the pointer travelled on the screen', () => {
    let state = initialEditorState(mapFixture([1]));
    const ctx = {
      state,
      map: state.history.present,
      readOnly: false,
      dispatch: (a: EditorAction) => {
        state = editorReducer(state, a);
        ctx.state = state;
      },
    };
    const pan = panTool();
    const at = (x: number, y: number) => ({ hit: { kind: 'empty' as const }, at: { x, y }, screen: { x, y }, shift: false });
    pan.down?.(ctx, at(100, 100));
    pan.move?.(ctx, at(110, 105));
    expect(state.pan).toEqual({ dx: 10, dy: 5 });
    // The canvas is now shifted by (10, 5): a pointer at (130, 120) on the screen reads (120, 115) in it.
    pan.move?.(ctx, at(120, 115));
    expect(state.pan).toEqual({ dx: 30, dy: 20 });
    expect(state.view).toEqual({ scale: 1, x: 40, y: 40 });
    pan.up?.(ctx, at(120, 115));
    expect(state.pan).toBeNull();
    expect(state.view).toEqual({ scale: 1, x: 70, y: 60 });
    // A release without a press changes nothing.
    pan.up?.(ctx, at(0, 0));
    expect(state.view).toEqual({ scale: 1, x: 70, y: 60 });
  });
});
