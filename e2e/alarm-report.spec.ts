import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { generateTrackMap } from '@railserve/robot-sim';
import { createTrack, robotRegistered, saveTrackMap, uniqueName } from './support/api.ts';
import { startRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { foreignWords, visibleKeys } from './support/language.ts';
import { ADMIN, signIn, useLocale } from './support/session.ts';

// The alarm center's report and drawer in zh-TW (issue 29): a robot's motor alarm shows in the
// drawer with the robot's live state, its place on the track map and its logs around the alarm,
// and in the report's table per robot, which exports as a CSV in the reader's language.

test.afterEach(stopDevices);

test('警報的機器人狀態、地圖位置、前後日誌與報表匯出', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = uniqueName('報表軌道');
  const track = await createTrack(request, { name });
  await saveTrackMap(request, track.id, generateTrackMap({ parking: 2, tables: 4 }));
  const sn = uniqueSn('RPT');
  const robot = await startRobot({ sn, alarmRate: 0, waitPathChance: 0, trackId: track.id, trackName: name });
  await robotRegistered(request, sn);
  robot.raiseAlarm('left_motor_comm');

  await useLocale(page, 'zh-TW');
  await signIn(page);
  await page.goto(`/alarms?robotSn=${sn}&open=latest`);
  const drawer = page.getByTestId('alarm-drawer');
  const now = drawer.getByTestId('alarm-robot-now');
  await expect(now).toBeVisible({ timeout: 30_000 });
  await expect(now.getByText('左馬達通訊異常')).toBeVisible();
  await expect(drawer.getByTestId('map-preview').locator('canvas').first()).toBeVisible();
  await drawer.getByText('警報前後 5 分鐘的機器人日誌').click();
  await expect(drawer.getByTestId('log-window').locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 15_000 });
  // Chinese words only (serials, the track's name and the user are data).
  const chineseOnly = async (text: string) => {
    expect(foreignWords(text, [sn, name, ADMIN.username])).toEqual([]);
    expect(visibleKeys(text)).toEqual([]);
  };
  await chineseOnly(await drawer.getByTestId('alarm-extras').innerText());

  await page.goto('/alarms?view=report');
  const row = page.getByTestId('alarm-report-robot').getByRole('row', { name: new RegExp(sn) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  // The report's own words: tabs, period, totals and column headers (the rows hold other tests' data too).
  await chineseOnly(
    [
      await page.getByTestId('alarm-center-tabs').locator('.ant-tabs-nav').first().innerText(),
      await page.getByTestId('alarm-report-total').innerText(),
      await page.getByTestId('alarm-report-robot').locator('thead').innerText(),
      await page.getByTestId('alarm-report-csv').innerText(),
      await page.getByTestId('alarm-report-xlsx').innerText(),
    ].join('\n'),
  );
  const download = page.waitForEvent('download');
  await page.getByTestId('alarm-report-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^alarm-report-robot-\d{8}-\d{8}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFF機器人 SN,機器人名稱,警報數,已確認,平均確認時間（分鐘）,已解除,平均解除時間（分鐘）,停機時間（分鐘）',
  );
  expect(csv).toContain(`\r\n${sn},${sn},1,0,,0,,`);
});
