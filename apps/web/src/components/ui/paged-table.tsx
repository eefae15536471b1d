import type { Page } from '@railserve/protocol';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableWidth } from './column-picker.tsx';
import { pagePagination } from './page-pagination.ts';

type PagedTableProps<T> = {
  columns: TableColumnsType<T>;
  data: Page<T> | undefined;
  loading: boolean;
  onPageChange: (page: number, pageSize: number) => void;
  testId: string;
  /** Fixed column widths (scrolling sideways past their sum), or columns as wide as their content. */
  layout: 'fixed' | 'content';
};

/** A list screen's table of one server page (sessions, tracks, users), rows by id, with the translated pager. */
export function PagedTable<T extends { id: number }>({
  columns,
  data,
  loading,
  onPageChange,
  testId,
  layout,
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey="id"
      tableLayout={layout === 'fixed' ? 'fixed' : undefined}
      columns={columns}
      dataSource={data?.items}
      loading={loading}
      scroll={{ x: layout === 'fixed' ? tableWidth(columns as { width?: string | number }[]) : 'max-content' }}
      data-testid={testId}
      pagination={pagePagination(data, t, onPageChange)}
    />
  );
}
