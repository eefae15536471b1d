import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n, storedLocale } from '../lib/i18n.ts';
import { tokenStore } from '../lib/session.ts';
import './locales.ts';

// Lazy pages load through Vite's transform on first use: on a machine shared with other work
// (CI runs three lanes at a time) that took over 8 s. A wait that ends sooner still passes at once.
configure({ asyncUtilTimeout: 25_000 });

// jsdom lacks the layout APIs antd reads.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
// antd reads computed styles of pseudo elements, which jsdom does not implement. Wrapped once:
// the files share one window (isolate: false, vitest.config.ts).
const ownComputedStyle = Symbol.for('railserve.getComputedStyle');
if (!(ownComputedStyle in window.getComputedStyle)) {
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = Object.assign((element: Element) => getComputedStyle(element), { [ownComputedStyle]: true });
}

// Each test starts signed out, in the default language, at the root: the files share their
// modules (isolate: false), so what a module keeps in memory is reset with the storage.
beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  tokenStore.reload();
  window.history.replaceState(null, '', '/');
  // As the app starts with nothing stored: the default language, and nothing written to storage.
  document.documentElement.lang = storedLocale();
  if (i18n.language !== storedLocale()) await i18n.changeLanguage(storedLocale());
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
