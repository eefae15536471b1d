/** A repeatable chooser for tests that try many live changes: the same seed picks the same items. */
export function seededPick(seed: number) {
  let state = seed;
  return <T>(items: readonly T[]): T => {
    state = (state * 48271) % 2147483647;
    return items[state % items.length];
  };
}
