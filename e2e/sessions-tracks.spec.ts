import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { generateTrackMap } from '@railserve/robot-sim';
import { createTrack, getTrack, saveTrackMap, sendTrackCommand, uniqueMac, uniqueName } from './support/api.ts';
import { startController, startRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';
import { expectReadsAsText, infoValue } from './support/ui.ts';

// Spec sections 2, 5 and 6: the session form with its track picker and checks, who may open
// which track screen, and a track's live status as its controller reports it.

test.afterEach(stopDevices);

/** Signs a new user of `level` in on one page, or on every page of a context. */
async function signInAs(page: Page | BrowserContext, request: APIRequestContext, level: 0 | 1 | 2 | 3) {
  const user = await createUser(request, level);
  await useLocale(page, 'en');
  await signInWithToken(page, request, user.username, user.password);
}

test.describe('sessions', () => {
  test('create a session with two tracks; bad code and MAC are explained; the info view is read-only', async ({
    page,
    request,
  }) => {
    const first = await createTrack(request, { name: uniqueName('Hall A ') });
    const second = await createTrack(request, { name: uniqueName('Hall B ') });
    await signInAs(page, request, 0);
    await page.goto('/sessions/create');
    const form = page.getByTestId('session-form');
    const code = form.getByLabel('Session code');
    // The next code is suggested.
    await expect(code).toHaveValue(/^S\d{7,}$/);

    await code.fill('S-2026-1');
    await form.getByLabel('Session name').fill('Ground floor');
    await form.getByLabel('MAC address').fill('AA:BB:CC:DD:EE');
    await form.getByTestId('session-save').click();
    await expect(form.getByText('Session code may contain only letters and digits')).toBeVisible();
    await expect(form.getByText('MAC address must look like XX:XX:XX:XX:XX:XX (colons or hyphens)')).toBeVisible();
    await expect(page).toHaveURL(/\/sessions\/create$/);

    const sessionCode = uniqueName('S').toUpperCase();
    const mac = uniqueMac();
    await code.fill(sessionCode);
    await form.getByLabel('MAC address').fill(mac.replaceAll(':', '-').toLowerCase());
    await form.getByLabel('Note').fill('By the kitchen door');
    const picker = form.getByTestId('session-tracks');
    await picker.click();
    for (const track of [first, second]) {
      // Typing filters the options; Enter picks the one left.
      await page.keyboard.type(track.name);
      await expect(page.getByRole('option', { name: track.name })).toHaveCount(1);
      await page.keyboard.press('Enter');
      await expect(picker).toContainText(track.name);
    }
    await page.keyboard.press('Escape');
    await form.getByTestId('session-save').click();
    await expect(page).toHaveURL(/\/sessions$/);

    await page.goto(`/sessions?q=${sessionCode}`);
    const row = page.getByRole('row', { name: new RegExp(sessionCode) });
    // The MAC address is stored in one form: upper-case with colons.
    await expect(row).toContainText(mac);
    await expect(row).toContainText(first.name);
    await expect(row).toContainText(second.name);

    await row.getByRole('button', { name: 'View' }).click();
    await expect(page).toHaveURL(/\/sessions\/\d+\/info$/);
    const info = page.getByTestId('session-info');
    await expectReadsAsText(info);
    await expect(infoValue(info, 'Session code')).toHaveText(sessionCode);
    await expect(infoValue(info, 'Session name')).toHaveText('Ground floor');
    await expect(infoValue(info, 'MAC address')).toHaveText(mac);
    await expect(infoValue(info, 'Note')).toHaveText('By the kitchen door');
    await expect(infoValue(info, 'Assigned tracks')).toContainText(first.name);
    await expect(infoValue(info, 'Assigned tracks')).toContainText(second.name);
    await expect(page.getByTestId('session-save')).toHaveCount(0);
    await info.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/sessions\/\d+\/edit$/);
    await expect(page.getByTestId('session-form').getByLabel('Session code')).toHaveValue(sessionCode);
  });
});

test.describe('tracks', () => {
  test('a level 2 user creates a track by URL although the sidebar hides the entry', async ({ page, request }) => {
    await signInAs(page, request, 2);
    await page.goto('/dashboard');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.locator('.ant-menu-submenu-title', { hasText: 'Tracks' }).click();
    await expect(sidebar.getByText('Track list')).toBeVisible();
    await expect(sidebar.getByText('Create track')).toHaveCount(0);

    await page.goto('/tracks/create');
    await expect(page).toHaveURL(/\/tracks\/create$/);
    const name = uniqueName('Patio ');
    const form = page.getByTestId('track-form');
    await form.getByLabel('Track name').fill(name);
    await form.getByTestId('track-save').click();
    await expect(page).toHaveURL(/\/tracks\/\d+\/edit$/);
    await expect(page.getByTestId('page-title')).toHaveText(`Edit track · ${name}`);

    await page.goto(`/tracks?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Single round trip');
  });

  test('a level 3 user is sent to the dashboard from the track control screen', async ({ page, request }) => {
    const track = await createTrack(request);
    await signInAs(page, request, 3);
    await page.goto(`/tracks/${track.id}/info`);
    await expect(page.getByTestId('page-title')).toContainText(track.name);
    // The info view reads as text; level 3 may look but not edit.
    const info = page.getByTestId('track-info');
    await expectReadsAsText(info);
    await expect(infoValue(info, 'Track name')).toHaveText(track.name);
    await expect(infoValue(info, 'Track type')).toHaveText('Single circular');
    await expect(infoValue(info, 'Announce table numbers')).toHaveText('No');
    await expect(info.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await page.goto(`/tracks/${track.id}/control`);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('register mode with a simulated controller: uninitialized, registration, normal, live in the list', async ({
    page,
    context,
    request,
  }) => {
    const track = await createTrack(request);
    await saveTrackMap(request, track.id, generateTrackMap({ parking: 3, tables: 4 }));
    await startController({ trackId: track.id, initMs: 300 });
    const robots = await Promise.all([1, 2].map((homeIndex) => startRobot({ trackId: track.id, homeIndex, initMs: 0 })));
    await signInAs(context, request, 0);

    // The list in a second tab: it must follow the controller without a reload.
    const list = await context.newPage();
    await list.goto(`/tracks?q=${encodeURIComponent(track.name)}`);
    await expect(list.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible();
    const listed = list.getByRole('row', { name: new RegExp(track.name) }).getByTestId('track-status');
    await expect(listed).toHaveText('Uninitialized');

    await page.goto(`/tracks/${track.id}/control`);
    const header = page.getByTestId('page-title').locator('..');
    await expect(header.getByTestId('track-status')).toHaveText('Uninitialized');
    const registerMode = page.getByTestId('register-mode');
    await expect(registerMode).toBeEnabled();
    await registerMode.click();
    await expect(registerMode).toBeChecked();
    await expect(header).toContainText('Register mode');

    // The saved map goes live; the controller initializes, and the track's robots register.
    await page.getByTestId('command-reload_map').click();
    await expect(header.getByTestId('track-status')).toHaveText('Registration state');
    await expect(listed).toHaveText('Registration state');
    const robotsTable = page.getByTestId('track-robots');
    for (const robot of robots) await expect(robotsTable).toContainText(robot.sn);
    await expect(list.getByRole('row', { name: new RegExp(track.name) })).toContainText('2 robots');

    await registerMode.click();
    await expect(registerMode).not.toBeChecked();
    await expect(header.getByTestId('track-status')).toHaveText('Normal operation');
    await expect(listed).toHaveText('Normal operation');
    await list.close();
  });
});

// Issue 32, item 4: sending a target during service.
test.describe('during service', () => {
  test('the robot table shows a charging robot, disabled controls say why, the modes say what they do, and a reload for a controller that is gone is refused at once', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const track = await createTrack(request);
    await saveTrackMap(request, track.id, generateTrackMap({ parking: 2, tables: 3 }));
    const sn = uniqueSn('CHG');
    const controller = await startController({ trackId: track.id, robots: [sn], initMs: 200 });
    // Below the controller's charging threshold: it charges at its parking point, idle, until charged.
    await startRobot({ sn, trackId: track.id, homeIndex: 0, initMs: 0, battery: 25 });
    await sendTrackCommand(request, track.id, { command: 'reload_map' });
    await expect.poll(async () => (await getTrack(request, track.id)).statusCode, { timeout: 20_000 }).toBe(3);

    const user = await createUser(request, 1);
    await useLocale(page, 'zh-TW');
    await signInWithToken(page, request, user.username, user.password);
    await page.goto(`/tracks/${track.id}/control`);
    await expect(page.getByRole('banner').getByText(/^已連線$/)).toBeVisible({ timeout: 30_000 });
    const row = page.getByTestId('track-robots').getByRole('row', { name: new RegExp(sn) });
    await expect(row).toContainText('待命');
    await expect(row.getByTestId(`robot-charging-${sn}`)).toHaveText('充電中');
    await expect(page.getByTestId('send-target-reason')).toHaveText(/^待命的機器人都在充電：充電完成後才會接單/);
    await expect(page.getByTestId('serving-point')).toHaveClass(/ant-select-disabled/);
    await page.getByTestId('serving-point-why').hover();
    await expect(page.getByRole('tooltip')).toContainText('待命的機器人都在充電');
    await expect(page.getByTestId('register-mode-hint')).toContainText('在此軌道上線的機器人會加入軌道');
    await expect(page.getByTestId('viewer-mode-hint')).toContainText('不接受送餐指令');
    await page.screenshot({ path: 'test-results/service/zh-TW-track-control.png', fullPage: true });

    // The controller goes away: reload map is refused at once and says so, instead of "no answer".
    await controller.stop();
    await page.getByTestId('command-reload_map').click();
    await expect(page.getByText(/軌道控制器未連線/)).toBeVisible();
  });
});
