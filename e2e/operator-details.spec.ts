import { expect, test } from '@playwright/test';
import { createTrack, robotRegistered, saveTrackMap } from './support/api.ts';
import { tableMap } from './support/audio.ts';
import { connectAsRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { lineMap } from './support/map-editor.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';

// The smaller things that got in a restaurant operator's way (issue 32, item 10), in zh-TW.

test.afterEach(stopDevices);

test.beforeEach(async ({ page, request }) => {
  const user = await createUser(request, 0);
  await useLocale(page, 'zh-TW');
  await signInWithToken(page, request, user.username, user.password);
});

test('a table placed on any page is not offered again, and a refused name is said once', async ({ page, request }) => {
  const track = await createTrack(request);
  await saveTrackMap(request, track.id, {
    ...tableMap(3),
    tables: {
      pages: [
        { rows: 1, columns: 3, cells: ['T1', null, null] },
        { rows: 1, columns: 2, cells: ['T2', null] },
      ],
    },
  });
  await page.goto(`/tracks/${track.id}/edit`);
  await page.getByRole('tab', { name: '桌位配置' }).click();
  const editor = page.getByTestId('table-layout-editor');
  const cell = editor.getByTestId('table-cell-1').locator('input');
  await cell.click();
  // Only T3 is on no page: T1 (this page) and T2 (the second page) are not offered.
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['T3']);
  await cell.fill('T2');
  await cell.press('Enter');
  await cell.press('Tab');
  await expect(page.getByText('桌位名稱重複：T2')).toBeVisible();
  await expect(page.locator('.ant-message-notice')).toHaveCount(1);
  await expect(cell).toHaveValue('');
});

test('a length error names its limit', async ({ page }) => {
  await page.goto('/users/create');
  await page.getByLabel('暱稱').fill('長'.repeat(65));
  await page.getByLabel('暱稱').press('Tab');
  await expect(page.getByText('長度不可超過 64 個字元')).toBeVisible();
});

test('a filter that matches no robot says so and clears; the robot dialog names its alarm and keeps its height', async ({
  page,
  request,
}) => {
  const sn = uniqueSn('DETAIL');
  const robot = await connectAsRobot(sn);
  await robot.status({ battery: 80, alarms: ['imu_stuck'] });
  await robotRegistered(request, sn);
  await page.goto('/robots?q=no-such-robot-anywhere');
  const noMatch = page.getByTestId('robots-no-match');
  await expect(noMatch).toContainText('沒有符合篩選條件的機器人');
  await expect(page.getByText('尚無機器人')).toHaveCount(0);
  await noMatch.getByRole('button', { name: '清除篩選' }).click();
  await expect(page).toHaveURL(/\/robots$/);
  await page.getByPlaceholder(/搜尋/).fill(sn);
  await page.getByPlaceholder(/搜尋/).press('Enter');
  await page.getByTestId(`robot-row-${sn}`).getByTestId('robot-settings').click();
  const dialog = page.getByTestId('robot-settings-dialog');
  await expect(dialog.getByTestId('robot-alarms')).toContainText('目前警報：');
  await expect(dialog.getByTestId('robot-alarms')).not.toContainText('imu_stuck');
  // The layout height (offsetHeight), which the dialog's opening animation does not scale.
  const height = () => dialog.locator('.ant-modal-body').evaluate((body) => (body.parentElement as HTMLElement).offsetHeight);
  const first = await height();
  for (const tab of ['基本', '網路', '控制']) {
    await dialog.getByRole('tab', { name: tab }).click();
    await expect(dialog.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    expect(await height()).toBe(first);
  }
});

test('the map names each robot on its marker, explains its colours, and says a whole-map problem in words', async ({
  page,
  request,
}) => {
  const track = await createTrack(request, { type: 'single_round_trip' });
  const map = lineMap();
  map.points[4] = { ...map.points[4], type: 'path' };
  await saveTrackMap(request, track.id, map);
  const sn = uniqueSn('MARK');
  const robot = await connectAsRobot(sn);
  await robot.status({ trackId: track.id, point: 1, state: 'goto', battery: 70 });
  await robotRegistered(request, sn);
  await page.goto(`/tracks/${track.id}/map/edit`);
  await expect(page.getByTestId('map-canvas')).toBeVisible({ timeout: 120_000 });

  const problems = page.getByTestId('problems-panel');
  await expect(problems).toContainText('沒有停車點');
  await expect(problems.locator('button:disabled')).toHaveCount(0);
  const legend = page.getByTestId('map-legend');
  for (const words of ['圖例', '停車點', '出餐點', '雙向', '右轉封閉迴圈']) await expect(legend).toContainText(words);

  // The marker reads the number the SN ends with, not a bare "R".
  const number = String(Number(sn.match(/(\d+)$/)?.[1]));
  await expect
    .poll(() =>
      page.evaluate((id) => {
        const konva = (window as unknown as { Konva?: { stages: { findOne: (s: string) => unknown }[] } }).Konva;
        const group = konva?.stages.map((stage) => stage.findOne(`#${id}`)).find(Boolean) as
          | { findOne: (s: string) => { text: () => string } | undefined }
          | undefined;
        return group?.findOne('Text')?.text();
      }, `robot:${sn}`),
    )
    .toBe(number);
});
