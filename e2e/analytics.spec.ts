import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createTrack, robotRegistered, saveTrackMap } from './support/api.ts';
import { connectAsRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { lineMap } from './support/map-editor.ts';
import { signIn, useLocale } from './support/session.ts';

test.afterEach(stopDevices);
// A robot's trip, then the screen with its charts: on a loaded machine more than the default minute.
test.slow();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Issue 30: a delivery the server heard shows on the analytics screen, in zh-TW, with its table.
test('營運分析 shows today’s delivery, its table and the charts, in Traditional Chinese', async ({ page, request }) => {
  const track = await createTrack(request);
  await saveTrackMap(request, track.id, lineMap());
  const sn = uniqueSn('ANA');
  const robot = await connectAsRobot(sn);
  const on = { trackId: track.id, battery: 80, alarms: [] };
  await robot.status({ ...on, state: 'idle', point: 1 });
  await robotRegistered(request, sn);
  for (const step of [
    { state: 'goto', point: 1, target: 4 },
    { state: 'goto', point: 2, target: 4 },
    { state: 'arrive', point: 4, target: 4 },
    { state: 'return', point: 4 },
    { state: 'idle', point: 1 },
  ] as const) {
    await pause(300);
    await robot.status({ ...on, ...step });
  }

  await useLocale(page, 'zh-TW');
  await signIn(page);
  await page.getByRole('menuitem', { name: '營運分析' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await page.getByTestId('analytics-scope').click();
  await page.getByTitle('軌道', { exact: true }).click();
  await page.getByTestId('analytics-scope-value').click();
  await page.getByTitle(track.name).click();

  await expect(page.getByTestId('analytics-card-deliveries')).toContainText('送餐次數');
  await expect(page.getByTestId('analytics-card-deliveries').locator('.ant-statistic-content-value')).toHaveText('1');
  await expect(page.getByTestId('analytics-card-aborted').locator('.ant-statistic-content-value')).toHaveText('0');
  await expect(page.getByTestId('analytics-per-table')).toContainText('T1');
  await expect(page.getByTestId('analytics-heat-map')).toContainText('週一');
  await expect(page.getByTestId('analytics-per-robot')).toContainText('行駛或送餐');
  await expect(page.getByTestId('analytics-per-track')).toContainText(track.name);

  // No English on the zh-TW screen, apart from the names the data brings (track, table, robot).
  const text = (await page.locator('.analytics-page').innerText())
    .replaceAll(track.name, '')
    .replaceAll(sn, '')
    .replaceAll('T1', '');
  expect(text).not.toMatch(/[A-Za-z]{2,}/);

  // The per-table table exports as on screen, in the reader's language.
  await page.getByTestId('analytics-export-perTable').click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analytics-export-perTable-csv').click()]);
  expect(file.suggestedFilename()).toMatch(/^analytics-perTable-\d{8}-\d{6}\.csv$/);
  const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe('桌號,軌道,送餐次數,中斷,平均送餐時間');
  expect(csv[1]).toMatch(new RegExp(`^T1,${track.name},1,0,0:0\\d$`));

  // The dashboard shows today's deliveries of the track.
  await page.getByRole('menuitem', { name: '儀表板' }).click();
  const today = page.getByTestId('dashboard-today-tracks').locator('tr', { hasText: track.name });
  await expect(today).toContainText('1');
});
