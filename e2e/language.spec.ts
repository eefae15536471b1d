import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminCall, createTrack, uniqueMac, uniqueName } from './support/api.ts';
import { startRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { foreignWords, routeTablePaths, screenText, visibleKeys } from './support/language.ts';
import { ADMIN, createUser, signIn, useLocale } from './support/session.ts';

test.afterEach(() => stopDevices());

/** The page has loaded its data: its content is there, no spinner or skeleton left. */
async function settled(page: Page, where: string) {
  await expect(page.locator('main').first(), `no content: ${where}`).toBeVisible({ timeout: 30_000 });
  await expect(
    page.locator('.ant-table .ant-spin-spinning:visible, .ant-skeleton-active:visible, .ant-card-loading-content:visible'),
    `still loading: ${where}`,
  ).toHaveCount(0);
}

/** Every name people gave to stored users, robots, sessions and tracks, split into its words, and the audit's users. */
/** A stored name's words as the language check reads them: by spaces, and each Latin run of a name in two scripts. */
const nameWords = (name: string) => [
  ...name.split(/\s+/),
  ...(name.match(/[A-Za-z0-9][A-Za-z0-9_:.-]*[A-Za-z0-9]|[A-Za-z]/g) ?? []),
];

async function storedNames(request: APIRequestContext): Promise<string[]> {
  const lists = {
    users: ['username', 'nickname'],
    robots: ['sn', 'name'],
    sessions: ['code', 'name'],
    tracks: ['name'],
  } as const;
  const names: string[] = [];
  for (const [area, fields] of Object.entries(lists)) {
    const page = await adminCall<{ items: Record<string, unknown>[] }>(request, 'get', `/${area}?pageSize=all`);
    for (const item of page.items) {
      for (const field of fields) if (typeof item[field] === 'string') names.push(...nameWords(item[field] as string));
    }
  }
  // Tables and points named on the tracks' maps (the analytics screen lists deliveries per table).
  const tracks = await adminCall<{ items: { id: number }[] }>(request, 'get', '/tracks?pageSize=all');
  for (const { id } of tracks.items) {
    const map = await adminCall<unknown>(request, 'get', `/tracks/${id}/map`, undefined, [200, 404]);
    JSON.stringify(map, (key, value) => {
      if ((key === 'name' || key.endsWith('Name')) && typeof value === 'string') names.push(...nameWords(value));
      return value;
    });
  }
  // Users the audit charts name, some since deleted.
  const stats = await adminCall<{ byUser: { key: string | null }[] }>(request, 'get', '/audit/stats');
  for (const bucket of stats.byUser) if (bucket.key) names.push(bucket.key);
  const recent = await adminCall<{ items: { username: string | null }[] }>(request, 'get', '/audit?pageSize=100');
  for (const record of recent.items) if (record.username) names.push(record.username);
  return names;
}

/** Fails with the words found, naming where they were seen. */
async function expectOnlyChinese(page: Page, where: string, userData: string[]) {
  const text = await screenText(page);
  expect(visibleKeys(text), `i18n keys on ${where}`).toEqual([]);
  expect(foreignWords(text, userData), `Latin words on ${where}`).toEqual([]);
}

test('every screen in zh-TW shows Chinese words only, and no i18n key', async ({ page, request }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  // Data of our own, named in Chinese where a person names it; codes and serials are identifiers.
  // A fresh name each run, so a retry does not find its track's name taken.
  const track = await createTrack(request, { name: uniqueName('語言測試軌道') });
  const code = `S${Date.now().toString().slice(-9)}`;
  const session = await adminCall<{ id: number }>(request, 'post', '/sessions', {
    code,
    name: '語言測試場域',
    mac: uniqueMac(),
    trackIds: [track.id],
  });
  const user = await createUser(request, 2, { nickname: '語言測試員' });
  const sn = uniqueSn('LANG');
  await startRobot({ sn, name: '語言測試機器人', trackId: track.id });
  // Other tests' data is listed too: every name a person typed is data, not a word of the console.
  const userData = [ADMIN.username, user.username, sn, code, ...(await storedNames(request))];
  const samples: Record<string, number> = { sessions: session.id, tracks: track.id, users: user.id };

  await useLocale(page, 'zh-TW');
  await signIn(page);
  for (const route of routeTablePaths()) {
    const url = route.replace(/^\/(\w[\w-]*)\/:id/, (_, area: string) => {
      if (!(area in samples)) throw new Error(`no sample id for ${route}: add one to the language walk`);
      return `/${area}/${samples[area]}`;
    });
    await test.step(url, async () => {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await settled(page, url);
      await expectOnlyChinese(page, url, userData);
    });
  }

  // The robot settings dialog, every tab (the list filtered to the robot: other tests' robots fill pages).
  await page.goto(`/robots?q=${sn}`);
  await page.getByTestId(`robot-row-${sn}`).getByTestId('robot-settings').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (const tab of await dialog.getByRole('tab').all()) {
    await tab.click();
    await settled(page, 'robot settings');
    await expectOnlyChinese(page, `robot settings, ${await tab.innerText()}`, userData);
  }
  await page.keyboard.press('Escape');

  // The date picker names months and weekdays in Chinese.
  await page.goto('/logs');
  await page.getByPlaceholder('開始日期').first().click();
  await expect(page.locator('.ant-picker-dropdown')).toBeVisible();
  await expectOnlyChinese(page, 'the logs date picker', userData);
});
