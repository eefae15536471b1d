// The console the alarm benchmarks watch: Chromium signed in as the administrator, in English,
// with every notification it shows counted (the browser's Notification API is stubbed as allowed,
// Ant Design's notices are counted as they appear, and the Web Audio API is stubbed so that each
// alarm sound, its first tone, is counted).
import { type Browser, chromium, type Page } from '@playwright/test';
import { recordLongTasks } from '../scale/page-watch.ts';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
}

export async function openAlarmConsole(browser: Browser, baseUrl: string, token: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(`
    localStorage.setItem('railserve.token', ${JSON.stringify(token)});
    localStorage.setItem('railserve.locale', 'en');
    window.__notifications = { browser: 0, notices: 0, sounds: 0 };
    window.Notification = class {
      static permission = 'granted';
      static requestPermission() { return Promise.resolve('granted'); }
      constructor() { window.__notifications.browser++; }
      close() {}
      addEventListener() {}
    };
    // The alarm sound is two tones a quarter second apart (features/alarms/model/alarm-sound.ts):
    // a tone started at the context's current time is a sound's first.
    window.AudioContext = class {
      state = 'running';
      destination = {};
      get currentTime() { return performance.now() / 1000; }
      resume() { return Promise.resolve(); }
      createGain() {
        const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
        return { gain: param, connect: (to) => to };
      }
      createOscillator() {
        const context = this;
        return {
          frequency: {},
          connect: (to) => to,
          start(at) { if (at - context.currentTime > -0.05 && at - context.currentTime < 0.1) window.__notifications.sounds++; },
          stop() {},
        };
      }
    };
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (node.nodeType !== 1) continue;
          const notice = '.ant-notification-notice, .ant-message-notice';
          window.__notifications.notices += (node.matches(notice) ? 1 : 0) + node.querySelectorAll(notice).length;
        }
    }).observe(document, { subtree: true, childList: true });
  `);
  const page = await context.newPage();
  await recordLongTasks(page);
  await page.goto(path);
  await page
    .getByText(/^Connected$/)
    .first()
    .waitFor({ timeout: 60_000 });
  return page;
}

/** Notifications the page showed so far: the browser's own, notices on the page, and alarm sounds played. */
export const notificationsShown = (page: Page): Promise<{ browser: number; notices: number; sounds: number }> =>
  page.evaluate('window.__notifications');

/** Resolves with the time (ms) at which `selector`'s text first matches `pattern`, or null after `timeoutMs`. */
export function whenMatches(page: Page, selector: string, pattern: string, timeoutMs: number): Promise<number | null> {
  const args = JSON.stringify({ selector, pattern, timeoutMs });
  return page.evaluate(`new Promise((resolve) => {
    const { selector, pattern, timeoutMs } = ${args};
    const re = new RegExp(pattern);
    const holds = () => re.test((document.querySelector(selector)?.textContent ?? '').replace(/,/g, ''));
    if (holds()) return resolve(Date.now());
    const observer = new MutationObserver(() => {
      if (!holds()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(Date.now());
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    const timer = setTimeout(() => { observer.disconnect(); resolve(null); }, timeoutMs);
  })`);
}
