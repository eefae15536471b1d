import { expect, type Page, test } from '@playwright/test';
import { adminCall, createTrack, saveTrackMap, uniqueName } from './support/api.ts';
import { tableMap } from './support/audio.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';

// Issue 32, items 5-7, in zh-TW: unsaved changes ask before they are lost, the map editor is
// one click from the track list and the track form, and a refused page says why.

/**
 * A button's name: antd puts a space between the two characters of a two-character Chinese label,
 * and an icon before it adds the icon's name.
 */
const zh = (label: string) => new RegExp(`(^|\\s)${[...label].join('\\s?')}$`);
const unsavedDialog = (page: Page) => page.getByRole('dialog', { name: '尚未儲存，確定離開？' });

test('a table layout not yet saved asks before the sidebar or the back button leaves it; once saved, nothing asks', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 2);
  const track = await createTrack(request);
  await saveTrackMap(request, track.id, tableMap(3));
  await useLocale(page, 'zh-TW');
  await signInWithToken(page, request, user.username, user.password);
  await page.goto(`/tracks/${track.id}/info`);
  await page.getByRole('button', { name: zh('編輯') }).click();
  await expect(page).toHaveURL(new RegExp(`/tracks/${track.id}/edit$`));
  await page.getByRole('tab', { name: '桌位配置' }).click();
  const editor = page.getByTestId('table-layout-editor');
  await editor.getByTestId('tables-add-page').first().click();
  await editor.getByTestId('tables-auto-fill').click();
  await expect(editor.getByTestId('table-cell-0').locator('input')).toHaveValue('T1');

  // The sidebar: asked, and staying keeps the draft.
  await page.getByTestId('sidebar').getByText('機器人管理').click();
  await expect(unsavedDialog(page)).toContainText('此頁面有尚未儲存的變更，離開後將會遺失。');
  await unsavedDialog(page)
    .getByRole('button', { name: zh('留下') })
    .click();
  await expect(unsavedDialog(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/tracks/${track.id}/edit$`));
  await expect(editor.getByTestId('table-cell-0').locator('input')).toHaveValue('T1');

  // The browser's back button: asked too.
  await page.goBack();
  await expect(unsavedDialog(page)).toBeVisible();
  await unsavedDialog(page)
    .getByRole('button', { name: zh('留下') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/tracks/${track.id}/edit$`));

  // Saved: leaving asks nothing.
  await editor.getByTestId('tables-save').click();
  await expect(page.locator('.ant-message')).toContainText('已儲存');
  await page.getByTestId('sidebar').getByText('機器人管理').click();
  await expect(page).toHaveURL(/\/robots$/);
  await expect(unsavedDialog(page)).toHaveCount(0);
});

test('a form with changes asks before the tab closes; cancel discards without asking; levels read with their number', async ({
  page,
  request,
}) => {
  const admin = await createUser(request, 0);
  const staff = await createUser(request, 2, { nickname: uniqueName('staff ') });
  await useLocale(page, 'zh-TW');
  await signInWithToken(page, request, admin.username, admin.password);
  await page.goto(`/users?q=${staff.username}`);
  await expect(page.getByRole('row', { name: new RegExp(staff.username) })).toContainText('等級 2・進階使用者');

  await page.goto(`/users/${staff.id}/edit`);
  const form = page.getByTestId('user-form');
  await expect(form.getByTestId('user-permission')).toContainText('等級 2・進階使用者');
  await form.getByLabel('暱稱').fill('changed, then cancelled');
  await form.getByRole('button', { name: zh('取消') }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(unsavedDialog(page)).toHaveCount(0);

  await page.goto(`/users/${staff.id}/edit`);
  await form.getByTestId('user-permission').click();
  await expect(page.locator('.ant-select-dropdown')).toContainText('等級 1・售後服務');
  await page.locator('.ant-select-dropdown').getByText('等級 3・一般使用者').click();
  let asked = '';
  page.on('dialog', (dialog) => {
    asked = dialog.type();
    void dialog.accept();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toBe('beforeunload');
  const unchanged = await adminCall<{ permission: number }>(request, 'get', `/users/${staff.id}`);
  expect(unchanged.permission).toBe(2);
});

test('the map editor is a row action of the track list and a part of the track form', async ({ page, request }) => {
  const user = await createUser(request, 2);
  const track = await createTrack(request, { name: uniqueName('地圖軌道') });
  await useLocale(page, 'zh-TW');
  await signInWithToken(page, request, user.username, user.password);
  await page.goto(`/tracks?q=${encodeURIComponent(track.name)}`);
  await page
    .getByRole('row', { name: new RegExp(track.name) })
    .getByRole('button', { name: zh('地圖') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/tracks/${track.id}/map/edit$`));
  await expect(page.getByTestId('map-canvas')).toBeVisible();

  await page.goto(`/tracks/${track.id}/edit`);
  await page.getByRole('tab', { name: '地圖' }).click();
  await page.getByTestId('open-map-editor').click();
  await expect(page).toHaveURL(new RegExp(`/tracks/${track.id}/map/edit$`));
});

test('a page the level cannot open says why on the dashboard, naming the levels it needs', async ({ page, request }) => {
  const user = await createUser(request, 3);
  await useLocale(page, 'zh-TW');
  await signInWithToken(page, request, user.username, user.password);
  await page.goto('/logs');
  await expect(page).toHaveURL(/\/dashboard$/);
  const notice = page.getByTestId('access-denied');
  await expect(notice).toContainText('你的權限無法開啟「日誌紀錄」');
  await expect(notice).toContainText('此頁面需要權限等級 0–2，你的帳號是等級 3・一般使用者');
  await expect(page.getByTestId('user-role')).toHaveText('等級 3・一般使用者');
  await notice.getByRole('button').click();
  await expect(notice).toHaveCount(0);
});
