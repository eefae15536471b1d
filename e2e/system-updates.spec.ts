import { expect, type Page, test } from '@playwright/test';
import { generateTrackMap } from '@railserve/robot-sim';
import { formatBytes } from '../apps/web/src/lib/format-bytes.ts';
import { adminCall, createTrack, getTrack, saveTrackMap, sendTrackCommand, uniqueName } from './support/api.ts';
import { startController, startRobot, stopDevices } from './support/fleet.ts';
import { apiToken, createUser, signInWithToken, useLocale } from './support/session.ts';
import { chooseOption } from './support/ui.ts';
import { corruptStoredFile, firmwareImage, HTTP_URL, updateRecords, uploadFirmware } from './support/updates.ts';

// The System updates screen (spec section 2) with the device update flow (issue 12): force
// reload, update files and records, the update command from track control run by simulated
// robots, and a real server restart under the supervisor.

test.afterEach(stopDevices);

async function openUpdates(page: Page) {
  await page.goto('/system-updates');
  // A loaded machine can take several seconds for the console's broker connection.
  await expect(page.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
}

const confirm = (page: Page) =>
  page.locator('.ant-popconfirm:not(.ant-popover-hidden)').getByRole('button', { name: 'OK' }).click();

test.describe('system updates', () => {
  test.beforeEach(async ({ context, request }) => {
    const admin = await createUser(request, 0);
    await useLocale(context, 'en');
    await signInWithToken(context, request, admin.username, admin.password);
  });

  test('force reload: another open console reloads', async ({ context, page }) => {
    const other = await context.newPage();
    test.setTimeout(180_000);
    await other.goto('/dashboard');
    await expect(other.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
    await other.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    // A page in the background is throttled; the one clicking is in front.
    await page.bringToFront();
    await openUpdates(page);
    await page.getByTestId('force-reload').click();
    await confirm(page);
    // Mid-reload the page has no context to ask (catch: not yet reloaded).
    // The clicking console is an open console too: it reloads as well, so its toast may not stay.
    await expect
      .poll(
        () => other.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false).catch(() => true),
        {
          timeout: 15_000,
        },
      )
      .toBe(false);
    await other.close();
  });

  test('an update picked in track control is downloaded, checked and installed; a damaged file fails', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const track = await createTrack(request);
    await saveTrackMap(request, track.id, generateTrackMap({ parking: 2, tables: 2 }));
    await startController({ trackId: track.id, initMs: 100 });
    const robot = await startRobot({ trackId: track.id, initMs: 0, firmware: '1.0.0', httpUrl: HTTP_URL, upgradeMs: 500 });
    // Robots join a track in register mode (the controller's registration state).
    await sendTrackCommand(request, track.id, { command: 'register_mode', args: { enabled: true } });
    await sendTrackCommand(request, track.id, { command: 'reload_map' });
    await expect.poll(async () => (await getTrack(request, track.id)).robots ?? [], { timeout: 60_000 }).toContain(robot.sn);

    // Upload through the page (the filename rules are checked first), then a record in the dialog.
    const name = `${uniqueName('fw').replace(/[^a-z0-9]/g, '')}-1.5.0.bin`;
    await openUpdates(page);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: firmwareImage(1) });
    await expect(page.getByText(`${name} uploaded`)).toBeVisible();
    // The screen shows what the server counts once the upload is in, against the 10 GB default.
    const stored = await adminCall<{ usedBytes: number }>(request, 'get', '/updates/storage');
    expect(stored.usedBytes).toBeGreaterThanOrEqual(firmwareImage(1).length);
    await expect(page.getByTestId('upload-storage')).toContainText(`${formatBytes(stored.usedBytes)} of 10 GB used`);
    await page.getByTestId('create-record').click();
    const dialog = page.getByRole('dialog');
    await chooseOption(page, dialog.getByTestId('record-file'), name);
    await dialog.getByTestId('record-serial').fill(robot.sn);
    await dialog.getByRole('button', { name: 'Create update record' }).click();
    await expect(page.getByTestId('update-records')).toContainText(robot.sn);

    await page.goto(`/tracks/${track.id}/control`);
    // Track commands wait for the page's broker connection.
    await expect(page.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
    await chooseOption(page, page.getByTestId('update-record-picker'), `${robot.sn} · ${name}`);
    await page.getByTestId('command-update').click();
    await confirm(page);
    await expect.poll(() => robot.model.firmware, { timeout: 60_000 }).toBe('1.5.0');

    await openUpdates(page);
    const records = page.getByTestId('update-records');
    await expect(records.getByRole('row', { name: new RegExp(robot.sn) }).getByTestId('update-status')).toHaveAttribute(
      'data-status',
      'update_complete',
      { timeout: 30_000 },
    );
    await page.goto(`/robots?q=${robot.sn}`);
    // The firmware is one of the columns the list shows on request (the column picker).
    await page.getByTestId('column-picker-button-robots').click();
    await page.getByTestId('column-picker-robots').getByText('Firmware', { exact: true }).click();
    await expect(page.getByTestId(`robot-row-${robot.sn}`).getByTestId('robot-firmware')).toHaveText('1.5.0');

    // A damaged file on the server: the robot refuses it and keeps 1.5.0.
    const token = await apiToken(request);
    const damaged = `${name.replace('-1.5.0.bin', '')}-1.6.0.bin`;
    const fileId = await uploadFirmware(request, damaged, firmwareImage(2), token);
    await corruptStoredFile(fileId);
    const record = await adminCall<{ id: number }>(request, 'post', '/updates', {
      deviceType: 'robot',
      version: '1.6.0',
      deviceSerial: robot.sn,
      fileId,
    });
    await sendTrackCommand(request, track.id, { command: 'update', args: { recordId: record.id } });
    await expect
      .poll(async () => (await updateRecords(request, robot.sn)).items.find((r) => r.id === record.id)?.status)
      .toBe('failed');
    await openUpdates(page);
    await expect(page.getByTestId('update-records')).toContainText('Checksum mismatch: the downloaded file is damaged');
    expect(robot.model.firmware).toBe('1.5.0');
  });

  // Last: the server process really restarts (the supervisor starts it again).
  test('restart: the server goes away and comes back, and the page reconnects', async ({ page }) => {
    test.setTimeout(240_000);
    await openUpdates(page);
    const before = await page.getByTestId('backend-version').textContent();
    await page.getByTestId('restart-server').click();
    await confirm(page);
    const progress = page.getByTestId('restart-progress');
    await expect(progress).toHaveAttribute('data-phase', 'down', { timeout: 30_000 });
    await expect(page.getByRole('banner').getByText('Connected', { exact: true })).toHaveCount(0);
    await expect(progress).toHaveAttribute('data-phase', 'back', { timeout: 180_000 });
    await expect(page.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('backend-version')).not.toHaveText(before ?? '');
  });
});
