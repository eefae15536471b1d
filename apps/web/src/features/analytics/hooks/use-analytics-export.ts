import type { AnalyticsExportFormat, AnalyticsExportTable } from '@railserve/protocol';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { isLocale } from '../../../lib/i18n.ts';
import type { AnalyticsParams } from '../api/analytics-keys.ts';
import { useExportAnalytics } from '../api/export-analytics.ts';

/** Exports one table of the current view; a failure reads '{action} failed: {error}'. */
export function useAnalyticsExport(params: AnalyticsParams) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const exporter = useExportAnalytics();
  const exportTable = async (table: AnalyticsExportTable, format: AnalyticsExportFormat) => {
    try {
      await exporter.mutateAsync({ table, format, params, lang: isLocale(i18n.language) ? i18n.language : 'zh-TW' });
      void message.success(t('analytics.export.done'));
    } catch (error) {
      void message.error(actionFailed(t, t('analytics.export.button'), error));
    }
  };
  return { exportTable, exporting: exporter.isPending ? exporter.variables?.table : undefined };
}
