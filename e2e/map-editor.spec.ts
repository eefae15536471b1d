import { expect, test } from '@playwright/test';
import type { TrackMap } from '@railserve/protocol';
import { adminCall, createTrack, robotRegistered, saveTrackMap } from './support/api.ts';
import { connectAsRobot, stopDevices, uniqueSn } from './support/fleet.ts';
import { clickCanvas, expectSaved, fittedPoint, lineMap, pngImage, tool } from './support/map-editor.ts';
import { createUser, signInWithToken, useLocale } from './support/session.ts';
import { chooseOption } from './support/ui.ts';

// Issue 10: the track map editor in Chromium against the real server and broker.

test.afterEach(stopDevices);

test.describe('map editor', () => {
  // Many canvas clicks and a fresh server on a shared 2-core machine: more than the default minute.
  test.describe.configure({ timeout: 300_000 });
  test('places points and paths with the mouse, sets properties, undoes and redoes, saves and reloads the same map', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 2);
    const track = await createTrack(request, { type: 'single_round_trip' });
    await useLocale(page, 'en');
    await signInWithToken(page, request, user.username, user.password);
    await page.goto(`/tracks/${track.id}/map/edit`);
    // The first page of a fresh server can take a while on a busy machine.
    await expect(page.getByTestId('map-canvas')).toBeVisible({ timeout: 120_000 });

    for (const name of [
      'Select',
      'Pan',
      'Place point',
      'Place path',
      'Adjust image',
      'Auto connect',
      'Zoom in',
      'Grid',
      'Undo',
      'Redo',
      'Upload image',
      'Lock image',
    ]) {
      await expect(tool(page, name)).toBeVisible();
    }
    await tool(page, 'Place point').click();
    await clickCanvas(page, 100, 100);
    await clickCanvas(page, 200, 100);
    await clickCanvas(page, 300, 100);
    await expect(page.getByTestId('point-number')).toHaveValue('3');

    // Point 3 becomes a table point named on both sides.
    await chooseOption(page, page.getByTestId('point-type'), 'Table point');
    await expect(page.getByTestId('point-leftName')).toBeVisible();
    await page.getByTestId('point-leftName').fill('A1');
    const panel = page.getByTestId('point-properties');
    await expect(panel).toContainText('The table type needs this name');
    await page.getByTestId('point-rightName').fill('A1');
    await expect(panel).toContainText('Duplicate table name');
    await page.getByTestId('point-rightName').fill('A2');
    await expect(panel).not.toContainText('Duplicate table name');

    // Point 1 is the serving point; a number another point has is refused as it is typed.
    await tool(page, 'Select').click();
    await clickCanvas(page, 100, 100);
    await page.getByTestId('point-number').fill('2');
    await expect(panel).toContainText('Another point already has this number');
    await page.getByTestId('point-number').fill('1');
    await chooseOption(page, page.getByTestId('point-type'), 'Serving point');

    await tool(page, 'Place path').click();
    await clickCanvas(page, 100, 100);
    await clickCanvas(page, 200, 100);
    await expect(page.getByTestId('path-properties')).toContainText('From point 1 to point 2');
    const problems = page.getByTestId('problems-panel');
    await expect(problems).toContainText('Points with no path: 3');

    await clickCanvas(page, 400, 300);
    await page.keyboard.press('Control+z');
    await expect(problems).toContainText('Points with no path: 1, 2, 3');
    await page.keyboard.press('Control+Shift+z');
    await expect(problems).toContainText('Points with no path: 3');

    // Auto connect joins the rest out and back (a round trip) without doubling 1-2.
    await tool(page, 'Auto connect').click();
    await expect(problems).not.toContainText('Points with no path');
    await expect(problems).toContainText('No parking point');

    await page.getByTestId('map-save').click();
    await expectSaved(page);
    await page.reload();
    await expect(page.getByTestId('problems-panel')).toContainText('No parking point', { timeout: 45_000 });
    const placed = [100, 200, 300].map((x) => ({ x, y: 100 }));
    const third = await fittedPoint(page, placed, 300, 100);
    await page.mouse.click(third.x, third.y);
    await expect(page.getByTestId('point-leftName')).toHaveValue('A1');
    await expect(page.getByTestId('point-rightName')).toHaveValue('A2');

    // Pan: the map follows the pointer, and the point is then found where it was moved to.
    await tool(page, 'Pan').click();
    await page.mouse.move(third.x, third.y + 80);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(third.x + step * 6, third.y + 80 + step * 4);
    await page.mouse.up();
    await tool(page, 'Select').click();
    await page.mouse.click(third.x, third.y);
    await expect(page.getByTestId('point-leftName')).toBeHidden();
    await page.mouse.click(third.x + 60, third.y + 40);
    await expect(page.getByTestId('point-leftName')).toHaveValue('A1');

    const saved = await adminCall<TrackMap>(request, 'get', `/tracks/${track.id}/map`);
    expect(saved.points.map((p) => [p.number, p.type, p.x, p.y])).toEqual([
      [1, 'serving', 100, 100],
      [2, 'path', 200, 100],
      [3, 'table', 300, 100],
    ]);
    expect(saved.paths).toEqual([
      { from: 1, to: 2, type: 'bidirectional' },
      { from: 2, to: 3, type: 'bidirectional' },
    ]);
    await expect(page.getByTestId('map-version-notice')).toContainText('The saved map has not been sent to the robots yet.');
  });

  test('zh-TW: a bad map file reads as words, and a loaded map waits for save', async ({ page, request }) => {
    const user = await createUser(request, 1);
    const track = await createTrack(request);
    await useLocale(page, 'zh-TW');
    await signInWithToken(page, request, user.username, user.password);
    await page.goto(`/tracks/${track.id}/map/edit`);
    const input = page.getByTestId('map-file-input');
    const error = page.getByTestId('map-load-error');

    await input.setInputFiles({ name: 'map.json', mimeType: 'application/json', buffer: Buffer.from('{"points": [') });
    await expect(error).toContainText('JSON 格式無效');
    await input.setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(error).toContainText('載入地圖需要 JSON 檔案');
    const duplicate = {
      points: [
        { number: 1, type: 'path', x: 0, y: 0 },
        { number: 1, type: 'path', x: 50, y: 0 },
      ],
      paths: [],
    };
    await input.setInputFiles({ name: 'dup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(duplicate)) });
    await expect(error).toContainText('第 2 個點位（編號 1）：點位編號－此編號已被前面的點位使用');
    await expect(error).not.toContainText('duplicate_point');

    await input.setInputFiles({
      name: 'good.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(lineMap())),
    });
    await expect(error).toHaveCount(0);
    await expect(page.getByTestId('problems-panel')).toContainText('沒有發現問題');
    expect(await adminCall<TrackMap | null>(request, 'get', `/tracks/${track.id}/map`)).toBeNull();
    await page.getByTestId('map-save').click();
    await expect
      .poll(async () => (await adminCall<TrackMap | null>(request, 'get', `/tracks/${track.id}/map`))?.points.length)
      .toBe(5);
  });

  test('uploads a background image and locks it', async ({ page, request }) => {
    const user = await createUser(request, 2);
    const track = await createTrack(request);
    await saveTrackMap(request, track.id, lineMap());
    await useLocale(page, 'en');
    await signInWithToken(page, request, user.username, user.password);
    await page.goto(`/tracks/${track.id}/map/edit`);
    await page.getByTestId('map-image-input').setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(page.getByTestId('image-properties')).toBeVisible();
    await expect(tool(page, 'Adjust image')).toHaveAttribute('aria-pressed', 'true');
    await tool(page, 'Lock image').click();
    await expect(page.getByTestId('image-locked')).toHaveAttribute('aria-checked', 'true');
    await expect(tool(page, 'Adjust image')).toBeDisabled();
    await page.getByTestId('map-save').click();
    await expectSaved(page);
    const saved = await adminCall<TrackMap>(request, 'get', `/tracks/${track.id}/map`);
    expect(saved.background).toMatchObject({ locked: true, x: 0, y: 0, scale: 1 });
    expect(saved.background?.file).toMatch(/\.png$/);

    // A text file pretending to be an image is refused by content.
    await page
      .getByTestId('map-image-input')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect(page.getByText(/Upload image failed/)).toBeVisible();
  });

  test('shows a simulated robot moving along the map, its state on hover, its settings on click; level 3 only reads', async ({
    page,
    request,
  }) => {
    const track = await createTrack(request, { type: 'single_round_trip' });
    await saveTrackMap(request, track.id, lineMap());
    const sn = uniqueSn('MAP');
    const robot = await connectAsRobot(sn);
    await robot.status({ trackId: track.id, point: 1, state: 'goto', battery: 64 });
    await robotRegistered(request, sn);

    const viewer = await createUser(request, 3);
    await useLocale(page, 'en');
    await signInWithToken(page, request, viewer.username, viewer.password);
    await page.goto(`/tracks/${track.id}/map/info`);
    await expect(page.getByTestId('map-canvas')).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('map-save')).toHaveCount(0);
    await expect(tool(page, 'Place point')).toHaveCount(0);

    // The view fits the map: find where point 1 and point 2 are drawn from the fitted view.
    const tooltip = page.getByTestId('robot-tooltip');
    const line = lineMap().points;
    const hoverRobotAt = async (pointIndex: number) => {
      // A robot is drawn 22 canvas px above its point.
      const at = await fittedPoint(page, line, line[pointIndex].x, line[pointIndex].y - 22);
      await page.mouse.move(at.x - 40, at.y - 40);
      await page.mouse.move(at.x, at.y);
    };
    await expect(async () => {
      await hoverRobotAt(0);
      await expect(tooltip).toContainText(sn, { timeout: 500 });
    }).toPass({ timeout: 45_000 });
    await expect(tooltip).toContainText('Battery: 64 %');

    await robot.status({ trackId: track.id, point: 2, state: 'goto', battery: 63 });
    await expect(async () => {
      await hoverRobotAt(1);
      await expect(tooltip).toContainText('Battery: 63 %', { timeout: 500 });
    }).toPass({ timeout: 45_000 });
    await page.mouse.move(0, 0);
    await hoverRobotAt(1);
    await page.mouse.down();
    await page.mouse.up();
    await expect(page.getByRole('dialog')).toContainText(sn);
    await expect(page.getByTestId('robot-settings-dialog').getByRole('tab', { name: 'Control' })).toBeVisible();

    const denied = await request.put(`/api/v1/tracks/${track.id}/map`, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('railserve.token'))}` },
      data: lineMap(),
    });
    expect(denied.status()).toBe(403);
  });
});
