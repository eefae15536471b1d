import type { LogLevel } from '@railserve/protocol';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LEVEL_COLORS, levelLabelKey } from '../model/log-labels.ts';

export function LogLevelTag({ level }: { level: LogLevel }) {
  const { t } = useTranslation();
  return (
    <Tag color={LEVEL_COLORS[level]} data-level={level}>
      {t(levelLabelKey(level))}
    </Tag>
  );
}
