import { DeleteOutlined, FileExcelOutlined, FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import { AUDIT_RETENTION_DAYS, type AuditExportFormat } from '@railserve/protocol';
import { App, Button, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionFailed } from '../../../lib/errors.ts';
import { isLocale } from '../../../lib/i18n.ts';
import type { AuditFilterParams } from '../api/audit-keys.ts';
import { useCleanupAudit } from '../api/cleanup-audit.ts';
import { useExportAudit } from '../api/export-audit.ts';

type AuditToolbarProps = {
  filters: AuditFilterParams;
  tz: string;
  canExport: boolean;
  canCleanup: boolean;
  onReload: () => void;
};

/** Reload, export of the filtered records, and the cleanup (level 0). */
export function AuditToolbar({ filters, tz, canExport, canCleanup, onReload }: AuditToolbarProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const exporter = useExportAudit();
  const cleanup = useCleanupAudit();

  const exportAs = async (format: AuditExportFormat) => {
    try {
      await exporter.mutateAsync({ format, filters, tz, lang: isLocale(i18n.language) ? i18n.language : 'zh-TW' });
      void message.success(t('audit.export.started'));
    } catch (error) {
      void message.error(actionFailed(t, t('audit.actions.export'), error));
    }
  };

  const onCleanup = async () => {
    try {
      const { removed } = await cleanup.mutateAsync();
      void message.success({
        content: t('audit.cleanup.done', { count: removed, days: AUDIT_RETENTION_DAYS }),
        props: { 'data-testid': 'audit-cleanup-result' },
      });
    } catch (error) {
      void message.error(actionFailed(t, t('audit.actions.cleanup'), error));
    }
  };

  const exporting = exporter.isPending ? exporter.variables?.format : undefined;
  return (
    <Flex wrap gap={8} style={{ marginBottom: 16 }}>
      <Button icon={<ReloadOutlined />} onClick={onReload} data-testid="audit-reload">
        {t('audit.filters.reload')}
      </Button>
      {canExport ? (
        <>
          <Button
            icon={<FileTextOutlined />}
            loading={exporting === 'csv'}
            onClick={() => exportAs('csv')}
            data-testid="audit-export-csv"
          >
            {t('audit.export.csv')}
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting === 'xlsx'}
            onClick={() => exportAs('xlsx')}
            data-testid="audit-export-xlsx"
          >
            {t('audit.export.xlsx')}
          </Button>
        </>
      ) : null}
      {canCleanup ? (
        <Popconfirm
          title={t('audit.cleanup.confirmTitle')}
          description={t('audit.cleanup.confirmText', { days: AUDIT_RETENTION_DAYS })}
          okText={t('audit.cleanup.ok')}
          cancelText={t('common.actions.cancel')}
          okButtonProps={{ danger: true, loading: cleanup.isPending, 'data-testid': 'audit-cleanup-confirm' }}
          onConfirm={onCleanup}
        >
          <Button danger icon={<DeleteOutlined />} style={{ marginInlineStart: 'auto' }} data-testid="audit-cleanup">
            {t('audit.cleanup.button')}
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
}
