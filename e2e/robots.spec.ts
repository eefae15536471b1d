import { expect, type Page, test } from '@playwright/test';
import { simRobot, startRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';

// Spec section 2 (robots screen) and DESIGN section 4: robots register themselves over MQTT,
// the list follows their status live, and commands show how the robot answered.

test.afterEach(stopDevices);

async function openRobots(page: Page, sn: string, connected: RegExp) {
  await page.goto(`/robots?q=${sn}`);
  // The list follows the broker only once the console's own connection is up.
  await expect(page.getByRole('banner').getByText(connected)).toBeVisible();
  return page.getByTestId(`robot-row-${sn}`);
}

test.describe('robots', () => {
  test('zh-TW: a new robot appears within two seconds of its first status, and goes offline when it loses power', async ({
    page,
    request,
  }) => {
    const admin = await createUser(request, 0);
    await useLocale(page, 'zh-TW');
    await signInWithToken(page, request, admin.username, admin.password);
    const sn = uniqueSn('NEW');
    const row = await openRobots(page, sn, /^已連線$/);
    const table = page.getByTestId('robots-table');
    for (const header of ['SN 碼', '機器人名稱', '連線狀態', '電量', '健康度']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expect(row).toHaveCount(0);

    const robot = simRobot({ sn, initMs: 0 });
    const startedAt = Date.now();
    await robot.start();
    // The bound: visible at most two seconds after the robot started (its first status).
    await expect(row).toBeVisible({ timeout: Math.max(1, 2000 - (Date.now() - startedAt)) });
    await expect(row).toContainText('在線');

    // No clean disconnect: the broker publishes the robot's last will.
    robot.crash();
    await expect(row).toContainText('離線');
    await expect(row).not.toContainText('在線');
  });

  test.describe('in English', () => {
    test.beforeEach(async ({ page, request }) => {
      const admin = await createUser(request, 0);
      await useLocale(page, 'en');
      await signInWithToken(page, request, admin.username, admin.password);
    });

    test('a basic setting is applied and acknowledged by the robot', async ({ page }) => {
      const robot = await startRobot({ initMs: 0 });
      const row = await openRobots(page, robot.sn, /^Connected$/);
      await expect(row).toContainText('Online');
      await row.getByTestId('robot-settings').click();
      const dialog = page.getByTestId('robot-settings-dialog');
      await dialog.getByRole('tab', { name: 'Basic' }).click();
      const form = dialog.getByTestId('robot-config-basic');
      const volume = form.getByLabel('Volume');
      // The form shows what the robot reported.
      await expect(volume).toHaveValue(String(robot.model.config.basic.volume));
      const wanted = robot.model.config.basic.volume === 35 ? 36 : 35;
      await volume.fill(String(wanted));
      await form.getByTestId('robot-config-apply-basic').click();
      await expect(form.getByTestId('robot-config-state-basic')).toHaveAttribute('data-status', 'acknowledged');
      await expect(form.getByTestId('robot-config-state-basic')).toHaveText('Acknowledged');
      expect(robot.model.config.basic.volume).toBe(wanted);
    });

    test('a command the robot refuses shows the robot’s error', async ({ page }) => {
      // A robot without a track has no map: it refuses to drive anywhere.
      const robot = await startRobot({ initMs: 0 });
      const row = await openRobots(page, robot.sn, /^Connected$/);
      await expect(row).toContainText('Idle');
      await row.getByTestId('robot-settings').click();
      const dialog = page.getByTestId('robot-settings-dialog');
      await dialog.getByTestId('robot-goto-point').fill('3');
      await dialog.getByTestId('robot-command-goto').click();
      await expect(dialog.getByTestId('robot-command-state-goto')).toHaveAttribute('data-status', 'failed');
      await expect(page.getByText('Go to point failed: no map loaded')).toBeVisible();
      const history = dialog.getByTestId('robot-command-history');
      await expect(history.getByRole('row', { name: /Go to point/ })).toContainText('no map loaded');
    });

    test('the rename dialog requires a name and renames the robot', async ({ page }) => {
      const robot = await startRobot({ initMs: 0 });
      const row = await openRobots(page, robot.sn, /^Connected$/);
      await row.getByTestId('robot-rename').click();
      const dialog = page.getByRole('dialog', { name: `Rename robot ${robot.sn}` });
      const name = dialog.getByLabel('Robot name');
      await name.fill('   ');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('This field is required')).toBeVisible();
      await expect(dialog).toBeVisible();

      await name.fill('Counter runner 1');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Counter runner 1');
    });
  });
});
