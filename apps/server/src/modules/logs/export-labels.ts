import {
  type Locale,
  type LogLevel,
  type LogRecord,
  type LogSource,
  logMessageText,
  logTypeText,
  type Translate,
} from '@railserve/protocol';

export const EXPORT_COLUMNS = [
  'id',
  'time',
  'source',
  'type',
  'level',
  'trackId',
  'trackName',
  'robotSn',
  'robotName',
  'message',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

type Labels = { columns: Record<ExportColumn, string>; sources: Record<LogSource, string>; levels: Record<LogLevel, string> };

/** Export headers and values in the user's language (the web's `logs` locale area says the same). */
export const EXPORT_LABELS: Record<Locale, Labels> = {
  'zh-TW': {
    columns: {
      id: '編號',
      time: '時間',
      source: '資料來源',
      type: '訊息類型',
      level: '等級',
      trackId: '軌道 ID',
      trackName: '軌道名稱',
      robotSn: '機器人 SN',
      robotName: '機器人名稱',
      message: '訊息內容',
    },
    sources: { system: '系統日誌', track: '軌道日誌', robot: '機器人日誌' },
    levels: { debug: '除錯', info: '資訊', warning: '警告', error: '錯誤', critical: '嚴重' },
  },
  en: {
    columns: {
      id: 'ID',
      time: 'Time',
      source: 'Source',
      type: 'Type',
      level: 'Level',
      trackId: 'Track ID',
      trackName: 'Track name',
      robotSn: 'Robot SN',
      robotName: 'Robot name',
      message: 'Message',
    },
    sources: { system: 'System log', track: 'Track log', robot: 'Robot log' },
    levels: { debug: 'Debug', info: 'Info', warning: 'Warning', error: 'Error', critical: 'Critical' },
  },
};

/** The column header of the time column names its zone, so a reader knows which clock it is. */
export const timeHeader = (lang: Locale, tz: string) => `${EXPORT_LABELS[lang].columns.time} (${tz})`;

export type LogChunks = AsyncIterable<LogRecord[]>;

/** The cells of one record in the user's language, worded as on screen (`t`: consoleWords); the time is the zone's wall clock. */
export function exportCells(labels: Labels, record: LogRecord, t: Translate): Record<ExportColumn, string | number | null> {
  return {
    id: record.id,
    time: record.time,
    source: labels.sources[record.source] ?? record.source,
    type: logTypeText(t, record.type),
    level: labels.levels[record.level] ?? record.level,
    trackId: record.trackId,
    trackName: record.trackName,
    robotSn: record.robotSn,
    robotName: record.robotName,
    message: logMessageText(t, record.message),
  };
}
