// What the benchmark reads inside the console's page: when a text first shows in an element, how
// long the main thread was busy, its long tasks, and how long its interactions took.
import type { CDPSession, Page } from '@playwright/test';

/** Installed before the app loads: every long task (over 50 ms) and every slow interaction event. */
export async function recordLongTasks(page: Page) {
  await page.addInitScript(`
    window.__longTasks = [];
    window.__events = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.interactionId) window.__events.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  `);
}

/** Long tasks recorded since the last call (their durations in ms). */
export const takeLongTasks = (page: Page): Promise<number[]> => page.evaluate('window.__longTasks.splice(0)');

/**
 * The slowest interaction since the last call (ms, from input to the next paint; 16 ms or less
 * counts as 16): the INP of that stretch, as Chromium's Event Timing reports it.
 */
export const takeSlowestInteraction = async (page: Page): Promise<number> =>
  Math.max(16, ...((await page.evaluate('window.__events.splice(0)')) as number[]));

/**
 * Resolves with the wall-clock time (ms) at which the element `selector` first reads `text` (digit
 * group commas aside), as the DOM commits it, or null after `timeoutMs`. Start it before causing
 * the change.
 */
export function whenText(page: Page, selector: string, text: string, timeoutMs = 5000): Promise<number | null> {
  // A string, not a function: tsx names functions with a helper the page does not have.
  const args = JSON.stringify({ selector, text, timeoutMs });
  return page.evaluate(`new Promise((resolve) => {
    const { selector, text, timeoutMs } = ${args};
    const holds = () => document.querySelector(selector)?.textContent?.replace(/,/g, '').trim() === text;
    if (holds()) return resolve(Date.now());
    const observer = new MutationObserver(() => {
      if (!holds()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(Date.now());
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, timeoutMs);
  })`);
}

/** The main thread's task time so far (s), from Chromium's own counters. */
export async function mainThreadSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN;
}
