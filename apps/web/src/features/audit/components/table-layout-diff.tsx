import { Empty, List, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TableLayoutChange } from '../model/table-layout-diff.ts';

const COLORS: Record<TableLayoutChange['kind'], string> = {
  pageAdded: 'green',
  pageRemoved: 'red',
  pageRenamed: 'gold',
  resized: 'gold',
  placed: 'green',
  removed: 'red',
  moved: 'blue',
};

/** One change in words: "放入 A3（第 2 列第 1 欄）". */
function changeText(t: TFunction, change: TableLayoutChange): string {
  const size = (rows: number, columns: number) => t('audit.tableLayout.size', { rows, columns });
  switch (change.kind) {
    case 'pageAdded':
      return t('audit.tableLayout.pageAdded', { size: size(change.rows, change.columns) });
    case 'pageRemoved':
      return t('audit.tableLayout.pageRemoved');
    case 'pageRenamed': {
      const unnamed = t('audit.tableLayout.unnamed');
      return t('audit.tableLayout.pageRenamed', { from: change.from ?? unnamed, to: change.to ?? unnamed });
    }
    case 'resized':
      return t('audit.tableLayout.resized', { from: size(...change.from), to: size(...change.to) });
    case 'placed':
      return t('audit.tableLayout.placed', { table: change.table, row: change.at.row, column: change.at.column });
    case 'removed':
      return t('audit.tableLayout.removed', { table: change.table });
    case 'moved':
      return t('audit.tableLayout.moved', {
        table: change.table,
        fromRow: change.from.row,
        fromColumn: change.from.column,
        toRow: change.to.row,
        toColumn: change.to.column,
      });
  }
}

/** A table layout's change as a list per page, in words, instead of two blocks of JSON. */
export function TableLayoutDiff({ changes }: { changes: TableLayoutChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('audit.tableLayout.none')} />;
  return (
    <List
      size="small"
      bordered
      data-testid="audit-table-layout-diff"
      header={<Typography.Text strong>{t('audit.tableLayout.title')}</Typography.Text>}
      dataSource={changes}
      renderItem={(change, index) => (
        <List.Item key={index} data-testid="audit-table-layout-change" data-kind={change.kind}>
          <span>
            <Tag color={COLORS[change.kind]}>
              {change.name
                ? t('audit.tableLayout.pageNamed', { page: change.page, name: change.name })
                : t('audit.tableLayout.page', { page: change.page })}
            </Tag>
            {changeText(t, change)}
          </span>
        </List.Item>
      )}
    />
  );
}
