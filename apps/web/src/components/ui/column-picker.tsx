import { TableOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, type TableColumnType, Tooltip } from 'antd';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list column with a stable key. `optional` columns can be hidden from the column picker;
 * `hidden` ones start hidden (they would not fit at 1280 px) until the user shows them.
 */
export type PickableColumn<T> = TableColumnType<T> & { key: string; optional?: boolean; hidden?: boolean };

const storageKey = (list: string) => `railserve.columns.${list}`;

function readShown(list: string): Record<string, boolean> {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(list)) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

/**
 * The table's scroll width: the widths of the columns shown, plus room for a column left without
 * a width (it takes what is left, e.g. a log message). At 1280 px the lists' sums stay within
 * the content area, so they scroll sideways only on a narrower screen.
 */
export const tableWidth = (columns: { width?: string | number }[], flexibleMin = 0) =>
  columns.reduce((sum, c) => sum + Number(c.width ?? flexibleMin), 0);

/** Whether a column shows: the user's choice for this list, else the column's default. */
export const columnShown = (choice: Record<string, boolean>, column: { key: string; optional?: boolean; hidden?: boolean }) =>
  !column.optional || (choice[column.key] ?? !column.hidden);

/**
 * Ant Design copies every column title into a hidden measuring row (`aria-hidden`) of a table
 * that scrolls; a button or checkbox there would be focusable yet hidden from screen readers. The
 * copy in that row is an empty box of the control's size.
 */
export function OutsideMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [measuring, setMeasuring] = useState(false);
  useLayoutEffect(() => setMeasuring(!!ref.current?.closest('.ant-table-measure-row')), []);
  return (
    <span ref={ref} style={{ display: 'inline-flex', minWidth: 24 }}>
      {measuring ? null : children}
    </span>
  );
}

/**
 * The columns a list shows, and a picker (in the last column's header) for the optional ones.
 * The choice is remembered per list in localStorage, so every list keeps its own.
 */
export function useColumnPicker<T>(list: string, columns: PickableColumn<T>[]): PickableColumn<T>[] {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(() => readShown(list));
  const optional = columns.filter((c) => c.optional);
  const toggle = (key: string, shown: boolean) => {
    const next = { ...choice, [key]: shown };
    setChoice(next);
    try {
      localStorage.setItem(storageKey(list), JSON.stringify(next));
    } catch {
      // A full or blocked storage only costs remembering the choice.
    }
  };
  const visible = columns.filter((c) => columnShown(choice, c)).map(({ optional: _o, hidden: _h, ...c }) => c);
  if (optional.length === 0 || visible.length === 0) return visible;
  const picker: ReactNode = (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('common.columns.title')}
      content={
        <Flex vertical gap={4} data-testid={`column-picker-${list}`}>
          {optional.map((c) => (
            <Checkbox key={c.key} checked={columnShown(choice, c)} onChange={(e) => toggle(c.key, e.target.checked)}>
              {c.title as ReactNode}
            </Checkbox>
          ))}
        </Flex>
      }
    >
      <Tooltip title={t('common.columns.title')}>
        <Button
          type="text"
          size="small"
          icon={<TableOutlined />}
          aria-label={t('common.columns.title')}
          data-testid={`column-picker-button-${list}`}
        />
      </Tooltip>
    </Popover>
  );
  const last = visible[visible.length - 1];
  visible[visible.length - 1] = {
    ...last,
    title: (
      <Flex align="center" justify="space-between" gap={4}>
        <span>{last.title as ReactNode}</span>
        <OutsideMeasureRow>{picker}</OutsideMeasureRow>
      </Flex>
    ),
  };
  return visible;
}
