import { type TrackMapInput, trackMap } from '@railserve/protocol';

export type MapFileResult =
  | { map: TrackMapInput }
  | { error: 'not_json_file' | 'too_large' | 'invalid_json' | 'invalid_map'; detail?: string };

/** Map files are small; a 4 MB file is far past 2000 points and 8000 paths. */
const MAP_FILE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Reads a map file the user chose (spec: "map load needs a JSON file"): a .json file holding
 * a map that passes the protocol's track-map schema. `detail` names the first problem.
 */
export async function readMapFile(file: Pick<File, 'name' | 'type' | 'size' | 'text'>): Promise<MapFileResult> {
  const isJson = file.name.toLowerCase().endsWith('.json') || file.type === 'application/json';
  if (!isJson) return { error: 'not_json_file' };
  if (file.size > MAP_FILE_MAX_BYTES) return { error: 'too_large' };
  let value: unknown;
  try {
    value = JSON.parse(await file.text());
  } catch {
    return { error: 'invalid_json' };
  }
  const checked = trackMap.safeParse(value);
  if (checked.success) return { map: value as TrackMapInput };
  const issue = checked.error.issues[0];
  return { error: 'invalid_map', detail: `${issue.path.join('.')}: ${issue.message}` };
}
