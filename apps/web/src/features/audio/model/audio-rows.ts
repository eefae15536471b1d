import { type AudioClip, type AudioKind, type AudioLibrary, SYSTEM_AUDIO_NAMES, type TableSide } from '@railserve/protocol';

/** One row of the library: a clip, or a system or table clip the track lacks. */
export type AudioRow = { key: string; kind: AudioKind; name: string; tableSide?: TableSide; clip?: AudioClip };

/** The seven system clips in the spec's order (present or missing), then table clips, then custom ones. */
export function audioRows(library: Pick<AudioLibrary, 'clips' | 'missing'>): AudioRow[] {
  const rowOf = (clip: AudioClip): AudioRow => ({
    key: `clip-${clip.id}`,
    kind: clip.kind,
    name: clip.name,
    tableSide: clip.tableSide,
    clip,
  });
  const system = SYSTEM_AUDIO_NAMES.map((name): AudioRow => {
    const clip = library.clips.find((c) => c.kind === 'system' && c.name === name);
    return clip ? rowOf(clip) : { key: `system-${name}`, kind: 'system', name };
  });
  const tables = [
    ...library.clips.filter((c) => c.kind === 'table').map(rowOf),
    ...library.missing
      .filter((m) => m.kind === 'table')
      .map((m): AudioRow => ({ key: `table-${m.name}`, kind: 'table', name: m.name, tableSide: m.tableSide })),
  ];
  const custom = library.clips.filter((c) => c.kind === 'custom').map(rowOf);
  return [...system, ...tables, ...custom];
}
