import { DeleteOutlined, FileExcelOutlined, FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import type { LogExportFormat } from '@railserve/protocol';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogPageSize } from '../api/log-keys.ts';

export const PAGE_SIZES: LogPageSize[] = [20, 50, 100, 200, 500, 'all'];

type LogToolbarProps = {
  pageSize: LogPageSize;
  onPageSize: (pageSize: LogPageSize) => void;
  onReload: () => void;
  /** Absent when the user may not export (level 3 never sees the page; kept for the matrix). */
  onExport?: (format: LogExportFormat) => void;
  exporting?: LogExportFormat;
  /** Absent when the user may not delete (level 2). */
  onDeleteSelected?: () => void;
  onDeleteMatching?: () => void;
  selected: number;
  deleting: boolean;
};

/** Reload, page size (or no paging), export of the filtered set, and the two deletes. */
export function LogToolbar(props: LogToolbarProps) {
  const { t } = useTranslation();
  const { pageSize, onPageSize, onReload, onExport, exporting, onDeleteSelected, onDeleteMatching, selected, deleting } = props;
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
      <Button icon={<ReloadOutlined />} onClick={onReload} data-testid="logs-reload">
        {t('logs.filters.reload')}
      </Button>
      <Flex align="center" gap={6}>
        <Typography.Text type="secondary">{t('logs.paging.label')}</Typography.Text>
        <Select<LogPageSize>
          value={pageSize}
          onChange={onPageSize}
          aria-label={t('logs.paging.label')}
          options={PAGE_SIZES.map((size) => ({
            value: size,
            label: size === 'all' ? t('logs.paging.all') : t('logs.paging.perPage', { count: size }),
          }))}
          style={{ width: 130 }}
          data-testid="logs-page-size"
        />
      </Flex>
      {onExport ? (
        <>
          <Button
            icon={<FileTextOutlined />}
            loading={exporting === 'csv'}
            onClick={() => onExport('csv')}
            data-testid="logs-export-csv"
          >
            {t('logs.export.csv')}
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            loading={exporting === 'xlsx'}
            onClick={() => onExport('xlsx')}
            data-testid="logs-export-xlsx"
          >
            {t('logs.export.xlsx')}
          </Button>
        </>
      ) : null}
      {onDeleteSelected && onDeleteMatching ? (
        <Flex wrap gap={8} style={{ marginInlineStart: 'auto' }}>
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={onDeleteSelected}
            loading={deleting}
            disabled={selected === 0}
            data-testid="logs-delete-selected"
          >
            {t('logs.delete.selected', { count: selected })}
          </Button>
          <Button
            danger
            type="primary"
            icon={<DeleteOutlined />}
            onClick={onDeleteMatching}
            loading={deleting}
            data-testid="logs-delete-matching"
          >
            {t('logs.delete.matching')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
