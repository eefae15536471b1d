import { ERROR_CODES, LOCALES, ROLE_KEYS, USER_STATUSES } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { LOGIN_ROUTE, MENU_GROUPS, ROUTES } from '../app/route-table.tsx';
import { i18n, type LocaleTree, localeResources } from '../lib/i18n.ts';

function flatten(tree: LocaleTree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const resources = await localeResources();
const flat = Object.fromEntries(LOCALES.map((l) => [l, flatten(resources[l])])) as Record<string, Record<string, string>>;
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('every area exists in every locale', () => {
    const areas = LOCALES.map((l) => Object.keys(resources[l]).sort());
    for (const list of areas) expect(list).toEqual(areas[0]);
    expect(areas[0]).toEqual(
      expect.arrayContaining(['common', 'auth', 'layout', 'routes', 'users', 'errors', 'mqtt', 'validation']),
    );
  });

  it('a key in one locale exists in every other', () => {
    const [first, ...rest] = LOCALES;
    for (const other of rest) {
      const onlyFirst = Object.keys(flat[first]).filter((k) => !(k in flat[other]));
      const onlyOther = Object.keys(flat[other]).filter((k) => !(k in flat[first]));
      expect(onlyFirst, `keys only in ${first}`).toEqual([]);
      expect(onlyOther, `keys only in ${other}`).toEqual([]);
    }
  });

  it('no translation is empty and both sides use the same {{variables}}', () => {
    for (const key of Object.keys(flat['zh-TW'])) {
      for (const locale of LOCALES) expect(flat[locale][key].trim(), `${locale} ${key}`).not.toBe('');
      expect(variables(flat.en[key]), key).toEqual(variables(flat['zh-TW'][key]));
    }
  });

  it('translates every error code, role, user status, route title and broker state', () => {
    const needed = [
      ...ERROR_CODES.map((c) => `errors.${c}`),
      ...Object.values(ROLE_KEYS).map((r) => `common.roles.${r}`),
      ...USER_STATUSES.map((s) => `common.userStatus.${s}`),
      ...[...ROUTES, LOGIN_ROUTE].map((r) => r.titleKey),
      ...Object.values(MENU_GROUPS).map((g) => g.titleKey),
      ...['connecting', 'connected', 'error', 'disconnected'].map((s) => `mqtt.status.${s}`),
    ];
    for (const locale of LOCALES) for (const key of needed) expect(flat[locale][key], `${locale} ${key}`).toBeTypeOf('string');
  });

  it('uses the spec wording for the header title and the broker states', () => {
    expect(flat['zh-TW']['common.appTitle']).toBe('RailServe 軌道送餐機器人管理系統');
    expect(flat.en['common.appTitle']).toBe('RailServe Serving Robot Management System');
    expect(['connecting', 'connected', 'error', 'disconnected'].map((s) => flat['zh-TW'][`mqtt.status.${s}`])).toEqual([
      '連線中...',
      '已連線',
      '連線錯誤',
      '未連線',
    ]);
    expect(flat.en['mqtt.notConnected']).toBe('MQTT not connected, cannot send');
    expect(flat.en['validation.passwords_mismatch']).toBe('Passwords do not match');
  });

  it('defaults to zh-TW and falls back to it', () => {
    expect(i18n.options.fallbackLng).toEqual(['zh-TW']);
    expect(i18n.language).toBe('zh-TW');
  });
});

describe('the spec’s messages (section 8)', () => {
  it('has text for every message the spec names, in every locale', () => {
    const keys = [
      'validation.duplicateTableName',
      'validation.invalidFilenameFormat',
      'validation.invalidVersionNumber',
      'validation.noVerificationCode',
      'validation.robotSnMissing',
      'validation.noRobotSelected',
      'common.actions.upload',
      'common.actions.download',
      'common.actions.audioPlayback',
    ];
    for (const locale of LOCALES) for (const key of keys) expect(flat[locale][key], `${locale} ${key}`).toBeTypeOf('string');
    expect(i18n.getFixedT('en')('common.actionFailed', { action: flat.en['common.actions.audioPlayback'], error: 'x' })).toBe(
      'Audio playback failed: x',
    );
  });
});

describe('the words that load with the app', () => {
  // What shows before sign-in: the sign-in screens, the guards, the language selector, the title.
  const beforeSignIn = import.meta.glob<string>(
    [
      '../features/auth/components/*.tsx',
      '!../features/auth/components/*.test.tsx',
      '../app/{guards,session-error,document-title,router}.tsx',
      '../components/ui/{language-select,page-loading}.tsx',
    ],
    { eager: true, query: '?raw', import: 'default' },
  );
  const startAreas = Object.keys(import.meta.glob('./zh-TW/start/*.json')).map((f) => f.replace(/^.*\/|\.json$/g, ''));

  it('hold every area the screens before sign-in use', () => {
    expect(Object.keys(beforeSignIn).length).toBeGreaterThan(5);
    const used = new Set<string>();
    for (const source of Object.values(beforeSignIn)) {
      for (const match of source.matchAll(/\bt\(\s*['`]([a-zA-Z]+)\./g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((area) => !startAreas.includes(area))).toEqual([]);
    expect(startAreas).toContain('auth');
  });
});
