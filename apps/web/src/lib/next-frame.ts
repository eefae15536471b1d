/**
 * Runs `task` once, at the next animation frame: live data gathered between two frames reaches
 * the screen in one render. A hidden page gets no frames, so `fallbackMs` later it runs anyway
 * (what was gathered is bounded by the data, not the time). Answers its cancellation.
 */
export function nextFrame(task: () => void, fallbackMs = 250): () => void {
  let pending = true;
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => run()) : undefined;
  const timer = setTimeout(() => run(), fallbackMs);
  function cancel() {
    pending = false;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  }
  function run() {
    if (!pending) return;
    cancel();
    task();
  }
  return cancel;
}
