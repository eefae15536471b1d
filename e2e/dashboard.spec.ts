import { expect, test } from '@playwright/test';
import { robotRegistered } from './support/api.ts';
import { connectAsRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';

// The dashboard follows the fleet live: a robot raising an alarm joins "robots needing
// attention" without a reload, and leaves it once the alarm clears.

test.afterEach(stopDevices);

test('a robot raising an alarm appears among the robots needing attention, live, and leaves once it clears', async ({
  page,
  request,
}) => {
  const sn = uniqueSn('DASH');
  const robot = await connectAsRobot(sn);
  await robot.status({ battery: 90 });

  const viewer = await createUser(request, 3);
  await useLocale(page, 'en');
  await signInWithToken(page, request, viewer.username, viewer.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('banner').getByText(/^Connected$/)).toBeVisible();
  const attention = page.getByTestId('dashboard-attention');
  const row = attention.getByTestId(`dashboard-attention-${sn}`);
  await expect(page.getByTestId('dashboard-stat-online')).toContainText('/');
  await expect(row).toHaveCount(0);

  await robot.status({ battery: 90, state: 'alarm', alarms: ['imu_stuck'] });
  await expect(row).toBeVisible();
  await expect(row).toContainText('IMU stuck');
  await expect(row).toContainText('Critical');

  await robot.status({ battery: 90, state: 'idle', alarms: [] });
  await expect(row).toHaveCount(0);
});

// Issue 32, item 8: each figure is defined once. A robot that reports low battery with its alarm
// counts in 電量不足 (it clears the alarm some points above the threshold, while it charges), and
// the server line's robots online are the tile's.
test('電量不足 counts a robot reporting low battery, and the server line says the online tile’s figure', async ({
  page,
  request,
}) => {
  const sn = uniqueSn('DASHLOW');
  const robot = await connectAsRobot(sn);
  await robot.status({ battery: 90 });
  await robotRegistered(request, sn);

  const viewer = await createUser(request, 3);
  await useLocale(page, 'zh-TW');
  await signInWithToken(page, request, viewer.username, viewer.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('banner').getByText(/^已連線$/)).toBeVisible({ timeout: 30_000 });
  const lowBattery = page.getByTestId('dashboard-stat-lowBattery').locator('.ant-statistic-content-value');
  await expect(lowBattery).toHaveText(/^\d+$/);
  const before = Number(await lowBattery.textContent());

  await robot.status({ battery: 22, alarms: ['low_battery'] });
  await expect(lowBattery).toHaveText(String(before + 1));

  // Read together, as one screen shows them.
  await expect(page.getByTestId('dashboard-system-status')).toBeVisible();
  const { tile, line } = await page.evaluate(() => ({
    tile: document.querySelector('[data-testid="dashboard-stat-online"] .ant-statistic-content-value')?.textContent ?? '',
    line: document.querySelector('[data-testid="dashboard-system-status"]')?.textContent ?? '',
  }));
  const [online, total] = tile.split('/').map((n) => n.trim());
  expect(line).toContain(`${total} 台機器人中 ${online} 台在線`);
});
