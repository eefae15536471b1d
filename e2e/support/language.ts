import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * The app's route table, read from its source (apps/web/src/app/route-table.tsx): every `path:`
 * literal of a route. A new screen is walked as soon as it is in the table.
 */
export function routeTablePaths(): string[] {
  const source = readFileSync(path.resolve('apps/web/src/app/route-table.tsx'), 'utf8');
  const paths = [...source.matchAll(/\bpath: '(\/[^']*)'/g)].map((m) => m[1]);
  return [...new Set(paths)].filter((p) => p !== '/');
}

/**
 * Latin words a zh-TW screen may show: the product name, the language selector's "English",
 * device terms Taiwan writes in Latin letters (SN, MAC, IP, WiFi, SSID, IMU, TOF, RFID, QR, ACC,
 * HOME points, MQTT, JSON, CSV, Excel), the spec's N/A/B/Z repeat counters and units.
 */
export const ALLOWED_LATIN = new Set([
  'RailServe',
  'English',
  'SN',
  'ID',
  'IP',
  'MAC',
  'WiFi',
  'SSID',
  'IMU',
  'TOF',
  'RFID',
  'QR',
  'ACC',
  'HOME',
  'MQTT',
  'JSON',
  'CSV',
  'Excel',
  'ZIP',
  // File name extensions the update file name rule spells out.
  'zip',
  'bin',
  'apk',
  'N',
  'A',
  'B',
  'Z',
  'ms',
  'mm',
  'V',
  // Sizes keep their unit symbols in Chinese too (the storage lines: 已使用 12.3 MB / 200 MB).
  'KB',
  'MB',
  'GB',
  'TB',
  // Format hints: the session code's "S + year + serial" and the MAC address pattern.
  'S',
  'XX:XX:XX:XX:XX:XX',
]);

/** Identifiers that are data, not words: serial numbers (`SIM-0005`), session codes (`S2026001`), MAC pairs, versions. */
const IDENTIFIER = /^(?:[A-Z0-9]+(?:[-_][A-Z0-9]+)+|S\d+|[0-9A-F]{2}(?::[0-9A-F]{2}){5}|v?\d+(?:\.\d+)+)$/;

/** A visible i18n key: dotted lower-camel words (`robots.fields.sn`). */
const I18N_KEY = /\b[a-z][a-zA-Z]*(?:\.[a-zA-Z_]+){1,}\b/g;

/** Runs of Latin letters on the page that are neither allowed words, identifiers nor the given user data. */
export function foreignWords(text: string, userData: string[]): string[] {
  const data = new Set(userData);
  // Speeds and accelerations keep their SI symbols in Chinese too.
  const tokens = text.replace(/(?:\bmm|°)\/s²?/g, ' ').match(/[A-Za-z0-9][A-Za-z0-9_:.-]*[A-Za-z0-9]|[A-Za-z]/g) ?? [];
  return [
    ...new Set(
      tokens.filter(
        (token) => /[A-Za-z]/.test(token) && !ALLOWED_LATIN.has(token) && !IDENTIFIER.test(token) && !data.has(token),
      ),
    ),
  ].filter(
    (token) => !token.split(/[-_:.]/).every((part) => !/[A-Za-z]/.test(part) || ALLOWED_LATIN.has(part) || data.has(part)),
  );
}

export const visibleKeys = (text: string) => [...new Set(text.match(I18N_KEY) ?? [])];

/** Everything a reader sees: the rendered text, and the names of icon-only buttons and tooltips on hover are not text. */
export async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const placeholders = [...document.querySelectorAll('input[placeholder], textarea[placeholder]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => el.getAttribute('placeholder') ?? '');
    return [document.title, document.body.innerText, ...placeholders].join('\n');
  });
}
