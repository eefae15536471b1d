import { LOG_DELETE_IDS_MAX, type LogExportFormat } from '@railserve/protocol';
import { App } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { isLocale } from '../../../lib/i18n.ts';
import { useDeleteLogs } from '../api/delete-logs.ts';
import { useExportLogs } from '../api/export-logs.ts';
import type { LogFilterParams } from '../api/log-keys.ts';

type Options = { filters: LogFilterParams; tz: string; matching: string; selected: Key[]; clearSelection: () => void };

/** Export and the two deletes, each confirmed, each failure read as '{action} failed: {error}'. */
export function useLogActions({ filters, tz, matching, selected, clearSelection }: Options) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const exporter = useExportLogs();
  const remover = useDeleteLogs();

  const exportAs = async (format: LogExportFormat) => {
    try {
      await exporter.mutateAsync({ format, filters, tz, lang: isLocale(i18n.language) ? i18n.language : 'zh-TW' });
      void message.success(t('logs.export.started'));
    } catch (error) {
      void message.error(actionFailed(t, t('logs.actions.export'), error));
    }
  };

  const remove = async (body: Parameters<typeof remover.mutateAsync>[0]) => {
    try {
      const { deleted } = await remover.mutateAsync(body);
      clearSelection();
      void message.success({
        content: t('logs.delete.done', { count: deleted }),
        props: { 'data-testid': 'logs-delete-result' },
      });
    } catch (error) {
      void message.error(actionFailed(t, t('logs.actions.delete'), error));
    }
  };

  const confirm = (content: string, onOk: () => Promise<void>) =>
    modal.confirm({
      title: t('logs.delete.confirmTitle'),
      content,
      okText: t('logs.delete.ok'),
      okButtonProps: { danger: true, 'data-testid': 'logs-delete-confirm' } as { danger: boolean },
      cancelText: t('common.actions.cancel'),
      onOk,
    });

  const deleteSelected = () => {
    if (selected.length === 0) {
      void message.warning(t('logs.delete.noneSelected'));
      return;
    }
    if (selected.length > LOG_DELETE_IDS_MAX) {
      void message.warning(t('logs.delete.tooMany', { max: LOG_DELETE_IDS_MAX }));
      return;
    }
    confirm(t('logs.delete.confirmSelected', { count: selected.length }), () => remove({ ids: selected.map(Number) }));
  };

  const deleteMatching = () => {
    const everything = Object.keys(filters).length === 0;
    const text = everything
      ? t('logs.delete.confirmEverything', { count: matching })
      : t('logs.delete.confirmMatching', { count: matching });
    confirm(text, () => remove({ filter: { ...filters, tz } }));
  };

  return {
    exportAs,
    exporting: exporter.isPending ? exporter.variables?.format : undefined,
    deleteSelected,
    deleteMatching,
    deleting: remover.isPending,
  };
}
