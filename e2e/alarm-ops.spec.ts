import { expect, test } from '@playwright/test';
import { createTrack, robotRegistered } from './support/api.ts';
import { connectAsRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { signIn, useLocale } from './support/session.ts';

// Maintenance windows, track incidents and the grouped critical notification (issue 29), in zh-TW.

test.afterEach(stopDevices);

test('三台機器人同時發出嚴重警報：一則通知、一個軌道事件，並可設定軌道維護', async ({ page, request }) => {
  test.setTimeout(120_000);
  const track = await createTrack(request);
  const robots = [];
  for (const point of [2, 4, 6]) {
    const sn = uniqueSn('OPS');
    const robot = await connectAsRobot(sn);
    await robot.status({ trackId: track.id, point });
    await robotRegistered(request, sn);
    robots.push(robot);
  }

  await useLocale(page, 'zh-TW');
  await signIn(page);
  await page.goto('/alarms');
  await expect(page.getByRole('banner').getByText(/^已連線$/)).toBeVisible({ timeout: 30_000 });

  // A storm of three critical alarms is one notification.
  for (const [i, robot] of robots.entries())
    await robot.status({ trackId: track.id, point: [2, 4, 6][i], state: 'alarm', alarms: ['left_motor_comm'] });
  const notice = page.locator('.ant-notification-notice');
  await expect(notice).toHaveCount(1, { timeout: 15_000 });
  await expect(notice).toContainText('3 則新的嚴重警報');
  await expect(notice).toContainText('位於 1 條軌道');
  await page.screenshot({ path: '/tmp/alarm-ops-notice.png' });

  // The incidents tab names the track, the robots and their points.
  await page.getByRole('tab', { name: '事件' }).click();
  const row = page.getByTestId('incidents-table').getByRole('row', { name: new RegExp(track.name) });
  await expect(row).toContainText('左馬達通訊異常');
  await expect(row).toContainText('2, 4, 6');
  await row.getByRole('button').first().click();
  await expect(page.getByText('位於點位 4')).toBeVisible();
  await page.screenshot({ path: '/tmp/alarm-ops-incidents.png', fullPage: true });

  // Maintenance for the whole track, then ended.
  await page.getByRole('tab', { name: '維護' }).click();
  await page.getByTestId('maintenance-new').click();
  const form = page.getByTestId('maintenance-form');
  await form.getByText('軌道', { exact: true }).click();
  await form.getByTestId('maintenance-track').click();
  await page.getByTitle(track.name).click();
  const until = new Date(Date.now() + 2 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const untilInput = form.getByLabel('維護至');
  await untilInput.click();
  await untilInput.fill(
    `${until.getFullYear()}-${pad(until.getMonth() + 1)}-${pad(until.getDate())} ${pad(until.getHours())}:${pad(until.getMinutes())}`,
  );
  await untilInput.press('Enter');
  await form.getByTestId('maintenance-reason').fill('清潔軌道');
  await page.screenshot({ path: '/tmp/alarm-ops-maintenance-form.png' });
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^開\s?始$/ })
    .click();
  const windowRow = page.getByTestId('maintenance-table').getByRole('row', { name: /清潔軌道/ });
  await expect(windowRow).toContainText(`軌道 ${track.name}`);
  await page.screenshot({ path: '/tmp/alarm-ops-maintenance.png', fullPage: true });
  await windowRow.getByRole('button', { name: /結束維護/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /結束維護/ })
    .click();
  await expect(page.getByTestId('maintenance-table')).not.toContainText('清潔軌道');

  await useLocale(page, 'en');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/alarms?view=incidents');
  await expect(page.getByTestId('incidents-table')).toBeVisible();
  await page.getByTestId('incidents-state').getByText('All').click();
  await page.screenshot({ path: '/tmp/alarm-ops-incidents-en-narrow.png', fullPage: true });
  await page.getByTestId('alarm-notifier').click();
  await expect(page.getByTestId('alarm-notifier-settings')).toBeVisible();
  await page.screenshot({ path: '/tmp/alarm-ops-notifier-en-narrow.png' });
});
