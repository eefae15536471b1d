import { type LogLevel, type LogSource, logTypeText } from '@railserve/protocol';
import type { TFunction } from 'i18next';
import { translator } from '../../../lib/phrases.ts';

/** Tag colours by level: the eye finds errors first. */
export const LEVEL_COLORS: Record<LogLevel, string> = {
  debug: 'default',
  info: 'blue',
  warning: 'gold',
  error: 'red',
  critical: 'magenta',
};

export const levelLabelKey = (level: LogLevel) => `logs.levels.${level}`;
export const sourceLabelKey = (source: LogSource) => `logs.sources.${source}`;

/** The server's and the devices' known record types have names in both languages; any other shows as sent. */
export function typeLabel(t: TFunction, type: string): string {
  return logTypeText(translator(t), type);
}
