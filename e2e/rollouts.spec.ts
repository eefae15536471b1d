import { expect, type Page, test } from '@playwright/test';
import { adminCall, robotRegistered, uniqueName } from './support/api.ts';
import { startRobot, stopDevices } from './support/fleet.ts';
import { apiToken, createUser, signInWithToken, useLocale } from './support/session.ts';
import { chooseOption } from './support/ui.ts';
import { firmwareImage, HTTP_URL, uploadFirmware } from './support/updates.ts';

// A staged rollout and a busy robot (issue 32, item 2), in zh-TW: the robot serving a table
// answers "busy"; the rollout waits and asks again instead of stopping, fails it only past its
// deadline (ROLLOUT_BUSY_DEADLINE_S in playwright.config.ts), and says so in Chinese; the
// operator resumes it from the screen once the robot is free, and the update goes through.

test.afterEach(stopDevices);

// Ant Design spaces a two-character Chinese button label: "確 定".
const confirm = (page: Page) =>
  page
    .locator('.ant-popconfirm:not(.ant-popover-hidden)')
    .getByRole('button', { name: /^確\s?定$/ })
    .click();

test('a busy robot is waited for, fails only past its deadline, and the rollout resumes from the screen', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await createUser(request, 0);
  await useLocale(context, 'zh-TW');
  await signInWithToken(context, request, admin.username, admin.password);

  const robot = await startRobot({ initMs: 0, firmware: '1.0.0', httpUrl: HTTP_URL, upgradeMs: 500 });
  await robotRegistered(request, robot.sn);
  // Past its start-up, so it answers as a robot at work would.
  await expect.poll(() => robot.model.state, { timeout: 30_000 }).toBe('idle');
  // Serving a table with the lid open: the firmware refuses an update as "busy" until it leaves.
  robot.model.state = 'arrive';
  robot.model.lidOpen = true;
  const name = `${uniqueName('fw').replace(/[^a-z0-9]/g, '')}-3.1.0.bin`;
  await uploadFirmware(request, name, firmwareImage(31), await apiToken(request));
  const { name: robotName } = await adminCall<{ name: string }>(request, 'get', `/robots/${robot.sn}`);

  await page.goto('/system-updates');
  const card = page.getByTestId('rollout-card');
  await chooseOption(page, card.getByTestId('rollout-file'), name);
  await card.getByText('單一機器人', { exact: true }).click();
  await chooseOption(
    page,
    card.getByTestId('rollout-target'),
    robotName && robotName !== robot.sn ? `${robotName} (${robot.sn})` : robot.sn,
  );
  await card.getByTestId('start-rollout').click();
  await confirm(page);

  const rollout = card.getByTestId('rollout').filter({ hasText: name });
  // Busy is an expected answer: the robot waits and is asked again; the rollout goes on.
  await expect(rollout.getByTestId('rollout-robot-busy')).toContainText('忙碌中，稍後重試');
  await expect(rollout).toHaveAttribute('data-status', 'first_group');

  // Past its deadline it counts as failed, said in the reader's language.
  await expect(rollout).toHaveAttribute('data-status', 'stopped', { timeout: 60_000 });
  const stopped = rollout.getByTestId('rollout-stopped');
  await expect(stopped).toContainText(`已停止於 ${robot.sn}：機器人忙碌超過等待期限，未能更新`);
  const words = (await rollout.innerText()).replaceAll(robot.sn, '').replaceAll(name, '');
  expect(words).not.toMatch(/[A-Za-z]{2,}/);

  // The guest takes the dish and closes the lid; the operator resumes the rollout.
  robot.model.lidOpen = false;
  robot.model.served = true;
  await expect.poll(() => robot.model.state, { timeout: 30_000 }).toBe('idle');
  await stopped.getByTestId('resume-rollout').click();
  await confirm(page);
  await expect(page.getByText('分批更新已繼續')).toBeVisible();
  await expect(rollout).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  expect(robot.model.firmware).toBe('3.1.0');
});
