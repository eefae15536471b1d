import { parseUpdateFilename } from '@railserve/protocol';

/** The locale key of what is wrong with a filename (spec section 8 messages), or null when it follows the rules. */
export function filenameProblem(filename: string): 'errors.invalid_filename_format' | 'errors.invalid_version_number' | null {
  const parsed = parseUpdateFilename(filename);
  return typeof parsed === 'string' ? `errors.${parsed}` : null;
}

/** 1536 → "1.5 KB": sizes as people read them. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
