/**
 * What is left unsaved on the open page. Every editor and form says whether it holds changes
 * (`useUnsavedChanges`, components/ui/unsaved-changes.tsx); one prompt asks before the page is
 * left while any does. Kept outside React so that the router's blocker reads it at the moment of
 * the navigation, after a save or a discard has just said "clean".
 */
export class UnsavedChanges {
  private readonly dirty = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private pending: ((leave: boolean) => void) | null = null;

  /** Whether an editor holds changes nobody saved. */
  has(): boolean {
    return this.dirty.size > 0;
  }

  /** Whether a question asked by `ask` waits for its answer. */
  get asking(): boolean {
    return this.pending !== null;
  }

  /** An editor says whether it holds changes (false once saved or discarded). */
  set(editor: string, dirty: boolean): void {
    if (dirty === this.dirty.has(editor)) return;
    if (dirty) this.dirty.add(editor);
    else this.dirty.delete(editor);
    this.notify();
  }

  /** Leaving was confirmed: what was unsaved no longer holds the page. */
  discardAll(): void {
    if (this.dirty.size === 0) return;
    this.dirty.clear();
    this.notify();
  }

  /**
   * Asks the prompt before leaving by other means than a navigation (signing out). Answers true
   * at once when nothing is unsaved; a confirmed leave drops every unsaved mark.
   */
  ask(): Promise<boolean> {
    if (!this.has()) return Promise.resolve(true);
    this.pending?.(false);
    return new Promise((resolve) => {
      this.pending = resolve;
      this.notify();
    });
  }

  /** The prompt's answer to `ask`. */
  answer(leave: boolean): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    if (leave) this.discardAll();
    pending(leave);
    this.notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }
}

/** The console's one record of unsaved changes. */
export const unsavedChanges = new UnsavedChanges();

type Place = { pathname: string };

/**
 * Whether a navigation leaves the page, so that unsaved changes would be lost: another path.
 * A list's page, filters or tab kept in the search part stay on the same page.
 */
export function leavesPage(from: Place, to: Place): boolean {
  return from.pathname !== to.pathname;
}

/** Whether the router should stop a navigation and ask first. */
export function mustConfirmLeaving(changes: Pick<UnsavedChanges, 'has'>, from: Place, to: Place): boolean {
  return changes.has() && leavesPage(from, to);
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** Two form values that mean the same: blank is blank (undefined, null, ''), lists and objects by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameValue(item, b[i]));
  }
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  return Object.is(a, b);
}

/**
 * Whether a form holds changes: a field the person changed (touched) whose value differs from
 * the one the form started with. Values the page fills in itself (a suggested code) are not
 * changes; a field changed and changed back is none either.
 */
export function formChanged(
  initial: Record<string, unknown>,
  current: Record<string, unknown>,
  touched: (field: string) => boolean,
): boolean {
  return Object.keys(current).some((field) => touched(field) && !sameValue(initial[field], current[field]));
}
