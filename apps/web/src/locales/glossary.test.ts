import { describe, expect, it } from 'vitest';
import { type LocaleTree, localeResources } from '../lib/i18n.ts';
import { glossaryViolations, ZH_TW_GLOSSARY } from './glossary.ts';

function flatten(tree: LocaleTree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : flatten(value, path);
  });
}

describe('zh-TW glossary', () => {
  it('says every concept one way across all locale files', async () => {
    expect(glossaryViolations(flatten((await localeResources())['zh-TW']))).toEqual([]);
  });

  it('catches a concept said a second way', () => {
    const found = glossaryViolations([
      ['sessions.title', '場次列表'],
      ['robots.resetAlarm', '重置警報'],
      ['tracks.reloadMap', '重新載入地圖'],
      ['logs.reload', '重新載入'],
    ]);
    expect(found).toHaveLength(3);
    expect(found.join('\n')).toMatch(/場域.*sessions\.title[\s\S]*重設.*robots\.resetAlarm[\s\S]*logs\.reload/);
  });

  it('every preferred term is free of its own forbidden variant', () => {
    for (const { term, forbidden } of ZH_TW_GLOSSARY) expect(forbidden.test(term), term).toBe(false);
  });
});
