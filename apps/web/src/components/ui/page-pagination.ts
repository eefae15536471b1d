import type { Page } from '@railserve/protocol';
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';

/** A table's pager for one server page: position, size changer and the translated total. */
export function pagePagination(
  data: Page<unknown> | undefined,
  t: TFunction,
  onChange: (page: number, pageSize: number) => void,
  pageSizeOptions?: number[],
): TablePaginationConfig {
  return {
    current: data?.page,
    pageSize: typeof data?.pageSize === 'number' ? data.pageSize : undefined,
    total: data?.total,
    showSizeChanger: true,
    ...(pageSizeOptions ? { pageSizeOptions } : {}),
    showTotal: (total) => t('common.total', { total }),
    onChange,
  };
}
