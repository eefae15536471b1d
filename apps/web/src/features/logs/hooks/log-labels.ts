import { LOG_EVENT_TYPES, type LogLevel, type LogSource } from '@railserve/protocol';
import type { TFunction } from 'i18next';

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

/** The server's own event types have names in both languages; a device's own type shows as sent. */
export function typeLabel(t: TFunction, type: string): string {
  return (LOG_EVENT_TYPES as readonly string[]).includes(type) ? t(`logs.types.${type}`) : type;
}

/** `YYYY-MM-DD HH:mm:ss` in the reader's zone: log times need their seconds. */
export function formatLogTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}
