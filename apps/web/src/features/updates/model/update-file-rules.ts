import { parseUpdateFilename } from '@railserve/protocol';

/** The locale key of what is wrong with a filename (spec section 8 messages), or null when it follows the rules. */
export function filenameProblem(filename: string): 'errors.invalid_filename_format' | 'errors.invalid_version_number' | null {
  const parsed = parseUpdateFilename(filename);
  return typeof parsed === 'string' ? `errors.${parsed}` : null;
}
