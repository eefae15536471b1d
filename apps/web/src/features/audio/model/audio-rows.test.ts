import type { AudioClip } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { audioRows } from './audio-rows.ts';

const clip = (id: number, kind: AudioClip['kind'], name: string): AudioClip => ({
  id,
  trackId: 1,
  name,
  kind,
  format: 'wav',
  size: 100,
  sha256: 'x',
  uploadedAt: '2026-01-01T00:00:00.000Z',
});

describe('audio rows', () => {
  it('lists the seven system clips present or missing, then tables, then custom clips', () => {
    const rows = audioRows({
      clips: [clip(1, 'custom', 'welcome'), clip(2, 'system', 'running'), clip(3, 'table', 'A1')],
      missing: [{ kind: 'table', name: 'A2', tableSide: 'right' }],
    });
    expect(rows.map((r) => [r.kind, r.name, r.clip?.id ?? null])).toEqual([
      ['system', 'init_complete', null],
      ['system', 'leaving_customer', null],
      ['system', 'meal_arrived', null],
      ['system', 'close_lid_reminder', null],
      ['system', 'final_warning', null],
      ['system', 'open_lid_final_warning', null],
      ['system', 'running', 2],
      ['table', 'A1', 3],
      ['table', 'A2', null],
      ['custom', 'welcome', 1],
    ]);
  });
});
