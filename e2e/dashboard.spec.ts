import { expect, test } from '@playwright/test';
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
