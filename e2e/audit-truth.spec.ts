import { expect, type Page, test } from '@playwright/test';
import { createTrack, robotRegistered, saveTrackMap } from './support/api.ts';
import { tableMap } from './support/audio.ts';
import { connectAsSilentController, startRobot, stopDevices } from './support/fleet.ts';
import { apiToken, createUser, signInWithToken, useLocale } from './support/session.ts';

// The audit trail tells the truth (issue 32, item 3), in zh-TW: a command the robot refused or
// never answered is recorded as failed with the device's reason in words; targets are named in
// words, not paths; a table layout change reads as moves of tables; the records come first and
// the charts fold away.

test.afterEach(stopDevices);

/** Words a zh-TW screen may not show: any Latin word apart from the names the test itself made. */
const latinWords = (text: string, ...names: string[]) =>
  names.reduce((rest, name) => rest.replaceAll(name, ''), text).match(/[A-Za-z]{2,}/g) ?? [];

async function openRecord(page: Page, target: string) {
  const row = page
    .getByTestId('audit-table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: target, exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByTestId('audit-open-detail').click();
  const detail = page.getByTestId('audit-detail');
  await expect(detail.getByTestId('audit-detail-fields')).toContainText(target);
  return { row, detail };
}

test('refused and unanswered commands are failures, in words; a table layout change is a list of moves', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await createUser(request, 0);
  const token = await apiToken(request, user.username, user.password);
  const headers = { authorization: `Bearer ${token}` };

  // A robot with no map refuses to drive to point 999; a track whose controller is silent never answers.
  const robot = await startRobot({ initMs: 0 });
  await robotRegistered(request, robot.sn);
  // Past its start-up, so it answers as a robot at work would.
  await expect.poll(() => robot.model.state, { timeout: 30_000 }).toBe('idle');
  const goto = await request.post(`/api/v1/robots/${robot.sn}/commands?wait=true`, {
    headers,
    data: { command: 'goto', args: { point: 999 } },
  });
  expect((await goto.json()).data.status).toBe('failed');
  // The layout: T1 and T2 on one page, then T1 taken off and T3 put in the last cell.
  const track = await createTrack(request);
  await saveTrackMap(request, track.id, {
    ...tableMap(3),
    tables: { pages: [{ rows: 1, columns: 3, cells: ['T1', 'T2', null] }] },
  });
  // A controller that is not connected is refused at once; one that is connected but silent never answers.
  const lonely = await createTrack(request);
  const refusedAtOnce = await request.post(`/api/v1/tracks/${lonely.id}/commands`, { headers, data: { command: 'reset_alarm' } });
  expect(refusedAtOnce.status()).toBe(409);
  await connectAsSilentController(track.id);
  const reload = await request.post(`/api/v1/tracks/${track.id}/commands`, { headers, data: { command: 'reload_map' } });
  expect(reload.status()).toBe(202);
  const layout = await request.put(`/api/v1/tracks/${track.id}/tables`, {
    headers,
    data: { pages: [{ rows: 1, columns: 3, cells: [null, 'T2', 'T3'] }] },
  });
  expect(layout.status()).toBe(200);
  // The unanswered reload is failed once its timeout passed (COMMAND_TIMEOUT_MS in playwright.config.ts).
  await expect
    .poll(async () => {
      const list = await request.get(`/api/v1/audit?username=${user.username}&target=tracks/${track.id}/commands`, { headers });
      return (await list.json()).data.items[0]?.result;
    })
    .toBe('failed');

  await useLocale(context, 'zh-TW');
  await signInWithToken(context, request, user.username, user.password);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/audit?username=${user.username}`);
  const table = page.getByTestId('audit-table');
  // The page's chunks load on first use: a cold server on a loaded machine takes its time.
  await expect(table).toContainText(`軌道 #${track.id} 的桌位配置`, { timeout: 60_000 });

  // The records come first; the charts are folded away below them.
  const fold = page.getByTestId('audit-stats-fold');
  await expect(fold).toContainText('統計圖表');
  await expect(page.getByTestId('audit-stats')).toHaveCount(0);
  const [tableBox, foldBox] = [await table.boundingBox(), await fold.boundingBox()];
  expect(tableBox && foldBox && tableBox.y < foldBox.y).toBe(true);
  // Targets in words, never as paths.
  expect(await table.innerText()).not.toMatch(/robots\/|tracks\/|\/commands|\/tables/);
  expect(latinWords(await table.innerText(), user.username, robot.sn, 'IP')).toEqual([]);

  const refused = await openRecord(page, `機器人 ${robot.sn} 的指令`);
  await expect(refused.row).toContainText('失敗');
  await expect(refused.detail.getByTestId('audit-detail-fields')).toContainText('尚未載入地圖');
  // What was sent and how the robot answered, in words rather than the command's record.
  const command = refused.detail.getByTestId('audit-command');
  await expect(command).toContainText('前往點位');
  await expect(command).toContainText('點位 999');
  await expect(command.getByTestId('audit-command-status')).toHaveText('失敗');
  await page.keyboard.press('Escape');

  const unanswered = await openRecord(page, `軌道 #${track.id} 的指令`);
  await expect(unanswered.row).toContainText('失敗');
  await expect(unanswered.detail.getByTestId('audit-detail-fields')).toContainText('3000 毫秒內沒有回應');
  await expect(unanswered.detail.getByTestId('audit-command-status')).toHaveText('逾時');
  await page.keyboard.press('Escape');

  const tables = await openRecord(page, `軌道 #${track.id} 的桌位配置`);
  const changes = tables.detail.getByTestId('audit-table-layout-diff');
  await expect(changes).toContainText('放入 T3（第 1 列第 3 欄）');
  await expect(changes).toContainText('移除 T1');
  await expect(tables.detail.getByTestId('audit-diff')).toHaveCount(0);
  expect(await changes.innerText()).not.toContain('{');
});
