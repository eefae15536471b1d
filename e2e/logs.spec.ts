import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { formatLogEvent } from '@railserve/protocol';
import { adminCall, createTrack, renameRobot, robotRegistered } from './support/api.ts';
import { connectAsRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';
import { chooseOption } from './support/ui.ts';

// Spec section 2 (logs screen): records robots publish on hcpro4/logs/robot, the filters, the
// detail dialog, export and delete.

test.afterEach(stopDevices);

const LEVELS = ['debug', 'warning', 'error', 'critical'] as const;

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(button).click()]);
  return { name: file.suggestedFilename(), body: await readFile((await file.path()) as string) };
}

test('robot log records: listed after a reload, filtered, detailed, exported and deleted', async ({ page, request }) => {
  const track = await createTrack(request);
  const sn = uniqueSn('LOG');
  const robot = await connectAsRobot(sn);
  await robot.status({ trackId: track.id, trackName: track.name });
  await robotRegistered(request, sn);
  await renameRobot(request, sn, 'Logger bot');
  const marker = `e2e-${sn.toLowerCase()}`;
  const messageOf = (level: string) => `${marker} ${level} record`;

  const admin = await createUser(request, 0);
  await useLocale(page, 'en');
  await signInWithToken(page, request, admin.username, admin.password);
  await page.goto('/logs?source=robot');
  const table = page.getByTestId('logs-table');
  await expect(page.getByTestId('logs-total')).toHaveText(/records$/);
  const rowOf = (level: string) => table.getByRole('row', { name: new RegExp(messageOf(level)) });
  await expect(rowOf('critical')).toHaveCount(0);

  for (const level of LEVELS) await robot.log({ level, type: 'e2e_check', message: messageOf(level), trackId: track.id });
  // The server writes records in batches: reload until they are there.
  await expect(async () => {
    await page.getByTestId('logs-reload').click();
    for (const level of LEVELS) await expect(rowOf(level)).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(rowOf('critical')).toContainText('Critical');
  await expect(rowOf('critical')).toContainText(`Logger bot (${sn})`);
  await expect(rowOf('critical')).toContainText(`${track.name} (#${track.id})`);

  // By robot: every row is this robot's.
  await chooseOption(page, page.getByTestId('logs-filter-robot'), `Logger bot (${sn})`);
  await page.getByTestId('logs-apply').click();
  await expect(page).toHaveURL(new RegExp(`robotSn=${sn}`));
  for (const level of LEVELS) await expect(rowOf(level)).toBeVisible();
  // Retried: the list shown before the filter (other robots' records) may still be on screen.
  const rows = table.locator('tbody tr[data-testid^="logs-row-"]');
  await expect(rows.filter({ hasNotText: sn })).toHaveCount(0);

  // By level as well: only the error record is left.
  await chooseOption(page, page.getByTestId('logs-filter-level'), 'Error');
  await page.getByTestId('logs-apply').click();
  await expect(page).toHaveURL(/level=error/);
  await expect(rows).toHaveCount(1);
  await expect(rowOf('error')).toBeVisible();

  // Only this test's four records: robot and the marker text, any level.
  await page.goto(`/logs?robotSn=${sn}&q=${marker}`);
  await expect(rows).toHaveCount(LEVELS.length);
  await expect(page.getByTestId('logs-total')).toHaveText('4 records');

  await rowOf('critical').getByText(messageOf('critical')).click();
  const dialog = page.getByTestId('logs-detail');
  await expect(dialog.getByRole('dialog')).toBeVisible();
  const id = (await rowOf('critical').getAttribute('data-testid'))?.replace('logs-row-', '');
  const fields: [string, string | RegExp][] = [
    ['ID', String(id)],
    ['Time', /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/],
    ['Source', 'Robot logs'],
    ['Type', 'e2e_check'],
    ['Level', 'Critical'],
    ['Track ID', String(track.id)],
    ['Track name', track.name],
    ['Robot SN', sn],
    ['Robot name', 'Logger bot'],
    ['Message', messageOf('critical')],
  ];
  for (const [label, value] of fields) {
    await expect(dialog.getByRole('row', { name: new RegExp(`^${label} `) })).toContainText(value);
  }
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('dialog')).toBeHidden();

  const csv = await download(page, 'logs-export-csv');
  expect(csv.name).toMatch(/^logs-\d{8}-\d{6}\.csv$/);
  const lines = csv.body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toMatch(/^ID,Time \(.+\),Source,Type,Level,Track ID,Track name,Robot SN,Robot name,Message$/);
  expect(lines).toHaveLength(1 + LEVELS.length);
  for (const level of LEVELS) expect(lines.some((line) => line.endsWith(`,${messageOf(level)}`))).toBe(true);

  const xlsx = await download(page, 'logs-export-xlsx');
  expect(xlsx.name).toMatch(/^logs-\d{8}-\d{6}\.xlsx$/);
  expect(xlsx.body.subarray(0, 2).toString()).toBe('PK');

  await page.getByTestId('logs-delete-matching').click();
  await expect(page.getByText('Delete all 4 records that match the current filter? This cannot be undone.')).toBeVisible();
  await page.getByTestId('logs-delete-confirm').click();
  await expect(page.getByText('4 records deleted')).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('logs-total')).toHaveText('0 records');
  const left = await adminCall<{ total: number }>(request, 'get', `/logs?robotSn=${sn}&q=${marker}`);
  expect(left.total).toBe(0);
});

test('zh-TW: free text finds records by the words on screen, and an alarm is listed once', async ({ page, request }) => {
  const track = await createTrack(request);
  const sn = uniqueSn('LOGZH');
  const robot = await connectAsRobot(sn);
  await robot.status({ trackId: track.id, trackName: track.name });
  await robotRegistered(request, sn);
  // Stored in English, as devices word them; shown as 電量 17%：前往充電點 4 and 狀態：待命 → 休眠.
  await robot.log({
    level: 'info',
    type: 'battery',
    message: formatLogEvent('device_going_to_charge', { battery: 17, point: 4 }),
  });
  await robot.log({
    level: 'info',
    type: 'state',
    message: formatLogEvent('device_state_changed', { from: 'idle', to: 'sleep' }),
  });
  // The robot reports the alarm and logs a line of its own about it.
  await robot.alert('subrobot_voltage', true);
  await robot.log({
    level: 'error',
    type: 'alarm',
    message: formatLogEvent('device_alarm_raised', { alarm: 'subrobot_voltage' }),
  });

  await useLocale(page, 'zh-TW');
  const admin = await createUser(request, 0);
  await signInWithToken(page, request, admin.username, admin.password);
  await page.goto(`/logs?robotSn=${sn}`);
  const rows = page.getByTestId('logs-table').locator('tbody tr[data-testid^="logs-row-"]');
  // The server writes records in batches: reload until the robot's last one is there.
  await expect(async () => {
    await page.getByTestId('logs-reload').click();
    await expect(rows.filter({ hasText: '發生警報' }).first()).toBeVisible({ timeout: 1000 });
  }).toPass();

  const search = async (words: string) => {
    await page.getByTestId('logs-filter-q').getByRole('searchbox').fill(words);
    await page.getByTestId('logs-filter-q').getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(words)}`));
  };
  await search('前往');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('電量 17%：前往充電點 4');
  await search('子機電壓');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('發生警報：子機電壓異常');
  await search('休眠');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('待命 → 休眠');
});
