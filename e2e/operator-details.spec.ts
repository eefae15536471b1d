import { expect, test } from '@playwright/test';
import { createTrack, saveTrackMap } from './support/api.ts';
import { tableMap } from './support/audio.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';

// The smaller things that got in a restaurant operator's way (issue 32, item 10), in zh-TW.

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
