/** Undo and redo over immutable snapshots; every edit is one step, a drag is one step when it ends. */
export type History<T> = { past: T[]; present: T; future: T[]; lastKey?: string };

/** Enough steps for a long session; a snapshot shares unchanged points with its neighbours. */
export const HISTORY_LIMIT = 200;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/**
 * Records a new present; an identical value is no step, and a new step clears what redo would
 * bring back. Edits with the same `key` in a row (typing into one field) make one step.
 */
export function record<T>(history: History<T>, next: T, key?: string): History<T> {
  if (next === history.present) return history;
  if (key !== undefined && key === history.lastKey && history.future.length === 0) return { ...history, present: next };
  const past = [...history.past, history.present];
  if (past.length > HISTORY_LIMIT) past.shift();
  return { past, present: next, future: [], lastKey: key };
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  const present = history.past[history.past.length - 1];
  return { past: history.past.slice(0, -1), present, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  const [present, ...future] = history.future;
  return { past: [...history.past, history.present], present, future };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;
