import { DownloadOutlined } from '@ant-design/icons';
import { ANALYTICS_EXPORT_FORMATS, type AnalyticsExportFormat, type AnalyticsExportTable } from '@railserve/protocol';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

export type ExportTable = (table: AnalyticsExportTable, format: AnalyticsExportFormat) => void;

/** A panel's export: its table as CSV or Excel, in the reader's language (hidden in print). */
export function ExportMenu({ table, onExport, busy }: { table: AnalyticsExportTable; onExport: ExportTable; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: ANALYTICS_EXPORT_FORMATS.map((format) => ({
          key: format,
          label: t(`analytics.export.${format}`),
          'data-testid': `analytics-export-${table}-${format}`,
        })),
        onClick: ({ key }) => onExport(table, key as AnalyticsExportFormat),
      }}
    >
      <Button
        size="small"
        type="text"
        icon={<DownloadOutlined />}
        loading={busy}
        className="analytics-no-print"
        data-testid={`analytics-export-${table}`}
      >
        {t('analytics.export.button')}
      </Button>
    </Dropdown>
  );
}
