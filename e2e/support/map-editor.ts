import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import type { TrackMap } from '@railserve/protocol';
import { newPoint } from '../../apps/web/src/features/map-editor/model/editor-map.ts';
import { fitView } from '../../apps/web/src/features/map-editor/model/viewport.ts';

/** The canvas's screen position of a canvas point, for a view at scale 1 shifted by (40, 40) (an empty map). */
export async function canvasPoint(page: Page, x: number, y: number) {
  const box = await page.getByTestId('map-canvas').boundingBox();
  if (!box) throw new Error('the map canvas is not visible');
  return { x: box.x + 40 + x, y: box.y + 40 + y };
}

/** The screen position of a canvas point once the editor fitted `points` into its canvas (a saved map opening). */
export async function fittedPoint(page: Page, points: readonly { x: number; y: number }[], x: number, y: number) {
  const box = await page.getByTestId('map-canvas').boundingBox();
  if (!box) throw new Error('the map canvas is not visible');
  const view = fitView(points, Math.floor(box.width), Math.floor(box.height));
  return { x: box.x + view.x + x * view.scale, y: box.y + view.y + y * view.scale };
}

export async function clickCanvas(page: Page, x: number, y: number, modifiers: ('Shift' | 'Control')[] = []) {
  const at = await canvasPoint(page, x, y);
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.click(at.x, at.y);
  for (const key of modifiers) await page.keyboard.up(key);
}

/** Clicks a toolbar button by its accessible name. */
export const tool = (page: Page, name: string) => page.getByTestId('map-toolbar').getByRole('button', { name, exact: true });

/** A real 2x2 PNG: the server checks uploads by content. */
export function pngImage(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 230, 230, 230, 200, 200, 200, 0, 200, 200, 200, 230, 230, 230]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A straight round-trip line: serving 1, path points 2-3, table 4 (T1), parking 5, 100 px apart. */
export const lineMap = (): TrackMap => {
  const types = ['serving', 'path', 'path', 'table', 'parking'] as const;
  return {
    points: types.map((type, i) => ({
      ...newPoint(i + 1, 100 + i * 100, 100),
      type,
      ...(type === 'table' ? { tableType: 'left' as const, leftName: 'T1' } : {}),
    })),
    paths: [1, 2, 3, 4].map((n) => ({ from: n, to: n + 1, type: 'bidirectional' as const })),
    tables: { pages: [] },
  };
};

/** Waits for the success toast of a save. */
export const expectSaved = (page: Page) =>
  expect(page.getByText('Map saved. Reload map to make it live on the track.')).toBeVisible();
