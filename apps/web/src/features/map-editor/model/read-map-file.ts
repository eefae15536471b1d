import { type TrackMap, trackMap } from '@railserve/protocol';
import { describeMapIssue, type ReadableIssue } from './map-issues.ts';

export type MapFileResult = { map: TrackMap } | { error: ReadableIssue };

/** Map files are small; 4 MB is far past 2,000 points and 8,000 paths. */
export const MAP_FILE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Reads a map file the user chose (spec: "map load needs a JSON file"): a .json file holding a
 * map that passes the protocol's track-map schema. A failure names the first problem in words.
 */
export async function readMapFile(file: Pick<File, 'name' | 'type' | 'size' | 'text'>): Promise<MapFileResult> {
  const isJson = file.name.toLowerCase().endsWith('.json') || file.type === 'application/json';
  if (!isJson) return { error: { key: 'load.errors.notJsonFile', values: {} } };
  if (file.size > MAP_FILE_MAX_BYTES)
    return { error: { key: 'load.errors.tooLarge', values: { mb: MAP_FILE_MAX_BYTES / 1048576 } } };
  let value: unknown;
  try {
    value = JSON.parse(await file.text());
  } catch {
    return { error: { key: 'load.errors.invalidJson', values: {} } };
  }
  const checked = trackMap.safeParse(value);
  if (checked.success) return { map: checked.data };
  const issue = checked.error.issues[0];
  const params = (issue as { params?: { name?: string } }).params;
  return { error: describeMapIssue(issue, value, params) };
}

/** The map as a JSON file's text, which reads back to the same map. */
export const mapFileText = (map: TrackMap) => `${JSON.stringify(map, null, 2)}\n`;
