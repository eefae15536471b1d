import { expect, test } from '@playwright/test';
import { robotRegistered } from './support/api.ts';
import { startRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';

// The alarm center's main flow in zh-TW (issue 29): a robot's motor alarm shows in the header's
// count and the dashboard, opens in the alarm center, and a level-2 user acknowledges it, takes
// it, comments and resets it; the robot accepts the reset and the alarm closes as an operator's.

test.afterEach(stopDevices);

test('警報從發生、確認、指派、留言到重設解除', async ({ page, request }) => {
  // Many steps, each a round trip through the server and the broker.
  test.setTimeout(180_000);
  const sn = uniqueSn('ALM');
  const robot = await startRobot({ sn, alarmRate: 0, waitPathChance: 0 });
  await robotRegistered(request, sn);
  const staff = await createUser(request, 2, { nickname: '值班人員' });

  await useLocale(page, 'zh-TW');
  await signInWithToken(page, request, staff.username, staff.password);
  await page.goto('/dashboard');
  await expect(page.getByRole('banner').getByText(/^已連線$/)).toBeVisible({ timeout: 30_000 });

  robot.raiseAlarm('left_motor_comm');
  // The header counts it live, and the dashboard's attention list opens it.
  await expect(page.getByTestId('alarm-count-critical')).toBeVisible();
  await page.getByTestId(`dashboard-attention-alarms-${sn}`).click();
  await expect(page).toHaveURL(/\/alarms/);
  const drawer = page.getByTestId('alarm-drawer');
  await expect(drawer.getByText('左馬達通訊異常').first()).toBeVisible();
  await expect(drawer.getByText('發生中')).toBeVisible();
  await expect(drawer.getByText('未確認')).toBeVisible();

  await drawer.getByTestId('alarm-acknowledge').click();
  await expect(drawer.getByText('已確認', { exact: true })).toBeVisible();
  await expect(drawer.getByTestId('alarm-timeline')).toContainText(`${staff.username} 已確認`);

  await drawer.getByRole('combobox', { name: '指派給…' }).click();
  await page.getByTitle(`值班人員 (${staff.username})`).click();
  await expect(drawer.getByTestId('alarm-timeline')).toContainText(`指派給 值班人員 (${staff.username})`);

  await drawer.getByRole('textbox', { name: '留言' }).fill('已通知維修人員');
  await drawer.getByTestId('alarm-comment-send').click();
  await expect(drawer.getByTestId('alarm-timeline')).toContainText('已通知維修人員');

  await drawer.getByTestId('alarm-reset').click();
  await expect(drawer.getByTestId('alarm-reset-state')).toContainText('重設指令');
  await expect(drawer.getByTestId('alarm-reset-state')).toContainText('已確認');
  await expect(drawer.getByText('已解除')).toBeVisible({ timeout: 15_000 });
  await expect(drawer.getByTestId('alarm-timeline')).toContainText('人員重設後解除');

  // The list was filtered on active alarms: the cleared one leaves it, and shows again without the filters.
  await drawer.getByRole('button', { name: '關閉' }).click();
  const table = page.getByTestId('alarms-table');
  await expect(table).not.toContainText(sn);
  await page.getByTestId('alarms-filter-clear').click();
  const row = table.getByRole('row', { name: new RegExp(sn) }).first();
  await expect(row).toContainText('已解除');
  await expect(row).toContainText('已確認');
  // Level 2 may select alarms for the bulk actions.
  await row.getByRole('checkbox').check();
  await expect(page.getByTestId('alarms-bulk-ack')).toBeVisible();
});
