import { expect, type Page, test } from '@playwright/test';
import type { TableLayout } from '@railserve/protocol';
import { generateTrackMap } from '@railserve/robot-sim';
import { adminCall, createTrack, getTrack, saveTrackMap, sendTrackCommand } from './support/api.ts';
import { buildZip, sampleFiles, tableMap, wav } from './support/audio.ts';
import { startController, startRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';

// The track form's table layout editor, audio library and robot settings panel (issue 11).

test.afterEach(stopDevices);

async function openPart(page: Page, trackId: number, part: 'Table layout' | 'Audio' | 'Robot settings') {
  await page.goto(`/tracks/${trackId}/edit`);
  await page.getByRole('tab', { name: part }).click();
}

test.beforeEach(async ({ page, request }) => {
  const user = await createUser(request, 0);
  await useLocale(page, 'en');
  await signInWithToken(page, request, user.username, user.password);
});

test.describe('table layout editor', () => {
  test('auto fill numbers the map tables into a 2-page layout, saved for the track', async ({ page, request }) => {
    const track = await createTrack(request);
    await saveTrackMap(request, track.id, tableMap(10));
    await openPart(page, track.id, 'Table layout');
    const editor = page.getByTestId('table-layout-editor');
    await expect(editor.getByTestId('unplaced-tables')).toContainText('10 tables of the map are on no page');
    await editor.getByTestId('tables-add-page').first().click();
    await editor.getByTestId('page-rows').fill('2');
    await editor.getByTestId('page-columns').fill('3');
    await editor.getByTestId('page-columns').press('Tab');
    await editor.getByTestId('tables-auto-fill').click();
    await expect(editor.getByRole('tab')).toHaveCount(2);
    await expect(editor.getByTestId('unplaced-tables')).toContainText('Every table of the map is on a page');
    await expect(editor.getByTestId('table-cell-0').locator('input')).toHaveValue('T1');
    await editor.getByTestId('tables-save').click();
    await expect(page.getByText('Saved')).toBeVisible();
    const saved = await adminCall<TableLayout>(request, 'get', `/tracks/${track.id}/tables`);
    expect(saved.pages.map((p) => p.cells)).toEqual([
      ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'],
      ['T7', 'T8', 'T9', 'T10', null, null],
    ]);
    await editor.getByRole('tab', { name: 'Page 2' }).click();
    await expect(editor.getByTestId('table-cell-3').locator('input')).toHaveValue('T10');
  });

  test('a table typed into a second cell is refused as a duplicate table name', async ({ page, request }) => {
    const track = await createTrack(request);
    await saveTrackMap(request, track.id, {
      ...tableMap(3),
      tables: { pages: [{ rows: 1, columns: 3, cells: ['T1', null, null] }] },
    });
    await openPart(page, track.id, 'Table layout');
    const editor = page.getByTestId('table-layout-editor');
    const cell = editor.getByTestId('table-cell-1').locator('input');
    await cell.fill('T1');
    await cell.press('Enter');
    await expect(page.getByText('Duplicate table name: T1')).toBeVisible();
    await expect(cell).toHaveValue('');
    await expect(editor.getByTestId('unplaced-tables')).toContainText('T2');
  });
});

test.describe('audio library', () => {
  test('uploads a clip, plays it in the browser and deletes it', async ({ page, request }) => {
    const track = await createTrack(request);
    await openPart(page, track.id, 'Audio');
    const library = page.getByTestId('audio-library');
    await expect(library.getByTestId('audio-row-system-meal_arrived')).toContainText('Missing');
    const storage = library.getByTestId('audio-storage');
    await expect(storage).toContainText('0 B of 200 MB used');
    await library.getByTestId('audio-upload').click();
    const dialog = page.getByRole('dialog', { name: 'Upload audio' });
    await dialog.getByTestId('audio-upload-name').fill('welcome');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'welcome.wav', mimeType: 'audio/wav', buffer: wav(16000) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('Uploaded')).toBeVisible();
    const row = library.getByTestId('audio-row-custom-welcome');
    await expect(row).toContainText('31.3 KB');
    await expect(storage).toContainText('31.3 KB of 200 MB used');

    await row.getByRole('button', { name: 'Play' }).click();
    const audio = row.locator('audio');
    await expect(audio).toBeVisible();
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState)).toBeGreaterThanOrEqual(2);
    expect(await audio.evaluate((el: HTMLAudioElement) => el.duration)).toBeCloseTo(2, 1);
    await audio.evaluate((el: HTMLAudioElement) => el.play());
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime)).toBeGreaterThan(0);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(row).toHaveCount(0);
    await expect(storage).toContainText('0 B of 200 MB used');
  });

  test('a clip name that is a path, hides its direction or names a system clip is refused in the form', async ({
    page,
    request,
  }) => {
    const track = await createTrack(request);
    await openPart(page, track.id, 'Audio');
    await page.getByTestId('audio-upload').click();
    const dialog = page.getByRole('dialog', { name: 'Upload audio' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'a.wav', mimeType: 'audio/wav', buffer: wav(800) });
    const name = dialog.getByTestId('audio-upload-name');
    const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/audio') && sent.push(r.url()));
    for (const [value, message] of [
      ['../menu', 'A name cannot contain /, \\ or ..'],
      ['evil\u202egnp', 'Contains control or text-direction characters that are not allowed'],
      ['\u200b\u00a0', 'Enter a name'],
      ['Running', 'This name is reserved for a system clip'],
    ]) {
      await name.fill(value);
      await upload.click();
      await expect(dialog.getByText(message)).toBeVisible();
    }
    expect(sent).toEqual([]);
    expect((await adminCall<{ clips: unknown[] }>(request, 'get', `/tracks/${track.id}/audio`)).clips).toEqual([]);
  });

  test('a text file named like audio is refused as an unsupported audio format', async ({ page, request }) => {
    const track = await createTrack(request);
    await openPart(page, track.id, 'Audio');
    await page.getByTestId('audio-upload').click();
    const dialog = page.getByRole('dialog', { name: 'Upload audio' });
    await dialog.getByTestId('audio-upload-name').fill('fake');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'fake.mp3', mimeType: 'audio/mpeg', buffer: sampleFiles.text });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByText('Upload failed: Unsupported audio format: use WAV, MP3, M4A or OGG')).toBeVisible();
  });

  test('uploads a ZIP and reports what was added and refused', async ({ page, request }) => {
    const track = await createTrack(request);
    await saveTrackMap(request, track.id, tableMap(2));
    await openPart(page, track.id, 'Audio');
    const zip = buildZip([
      { name: 'clips/meal_arrived.wav', data: sampleFiles.wav },
      { name: 'clips/T1.ogg', data: sampleFiles.ogg },
      { name: 'clips/readme.wav', data: sampleFiles.text },
    ]);
    await page.getByTestId('audio-library').locator('input[type="file"][accept*="zip"]').setInputFiles({
      name: 'clips.zip',
      mimeType: 'application/zip',
      buffer: zip,
    });
    const report = page.getByRole('dialog', { name: 'Batch upload report' });
    await expect(report).toBeVisible();
    await expect(report.getByTestId('zip-row-added')).toHaveCount(2);
    await expect(report.getByTestId('zip-row-refused')).toContainText('clips/readme.wav');
    await expect(report.getByTestId('zip-row-refused')).toContainText('Unsupported audio format');
    await report.getByRole('button', { name: 'OK' }).click();
    const library = page.getByTestId('audio-library');
    await expect(library.getByTestId('audio-row-system-meal_arrived')).toContainText('Present');
    await expect(library.getByTestId('audio-row-table-T1')).toContainText('Present');
    const { storage } = await adminCall<{ storage: { usedBytes: number } }>(request, 'get', `/tracks/${track.id}/audio`);
    expect(storage.usedBytes).toBe(sampleFiles.wav.length + sampleFiles.ogg.length);
    // 1,644 + 46 bytes.
    await expect(library.getByTestId('audio-storage')).toContainText('1.7 KB of 200 MB used');
  });
});

test('the robot settings panel applies a network setting to two robots of the track', async ({ page, request }) => {
  const track = await createTrack(request);
  await saveTrackMap(request, track.id, generateTrackMap({ parking: 2, tables: 2 }));
  const sns = [uniqueSn('PNL'), uniqueSn('PNL')];
  await startController({ trackId: track.id, robots: sns, initMs: 0 });
  await Promise.all(sns.map((sn, homeIndex) => startRobot({ sn, trackId: track.id, homeIndex, initMs: 0 })));
  await sendTrackCommand(request, track.id, { command: 'reload_map' });
  await expect.poll(async () => (await getTrack(request, track.id)).robots.sort()).toEqual([...sns].sort());

  await openPart(page, track.id, 'Robot settings');
  const panel = page.getByTestId('track-robots-panel');
  for (const sn of sns) await expect(panel.getByTestId(`panel-robot-${sn}`)).toContainText('Online');
  await expect(panel.getByTestId(`config-glance-${sns[0]}`)).toBeVisible();
  for (const sn of sns) await panel.getByTestId(`panel-robot-${sn}`).getByRole('checkbox').check();
  await panel.getByTestId('bulk-open').click();
  const dialog = page.getByRole('dialog', { name: 'Apply settings to 2 robots' });
  await dialog.getByTestId('bulk-group').getByText('Network').click();
  const ssid = dialog.getByLabel('WiFi SSID');
  await expect(ssid).not.toHaveValue('');
  await ssid.fill('kitchen-5g');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  for (const sn of sns) await expect(dialog.getByTestId(`bulk-outcome-${sn}`)).toHaveAttribute('data-status', 'acknowledged');
  for (const sn of sns) {
    await expect
      .poll(
        async () =>
          (await adminCall<{ data: { wifiSsid: string } }>(request, 'get', `/robots/${sn}/config/network`)).data.wifiSsid,
      )
      .toBe('kitchen-5g');
  }
});
