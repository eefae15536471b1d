import { HolderOutlined } from '@ant-design/icons';
import { AutoComplete, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type CellState = 'ok' | 'unknown' | 'duplicate';

type TableCellProps = {
  index: number;
  value: string | null;
  state: CellState;
  options: { value: string }[];
  editable: boolean;
  /** Answers false when the name is refused; the cell then shows its previous name again. */
  onCommit: (name: string | null) => boolean;
  onDropCell: (from: number) => void;
};

const BORDER: Record<CellState, string> = { ok: '#d9d9d9', unknown: '#faad14', duplicate: '#ff4d4f' };

/** One cell of the grid: a table name typed or picked from the map, dragged to move or swap. */
export function TableCell({ index, value, state, options, editable, onCommit, onDropCell }: TableCellProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  const commit = (name: string) => {
    const next = name.trim() || null;
    if (next === value) return;
    if (!onCommit(next)) setText(value ?? '');
  };

  return (
    <Flex
      align="center"
      gap={4}
      draggable={editable}
      onDragStart={(e) => e.dataTransfer.setData('text/x-table-cell', String(index))}
      onDragOver={(e) => editable && e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        const from = Number(e.dataTransfer.getData('text/x-table-cell'));
        if (Number.isInteger(from) && from !== index) onDropCell(from);
      }}
      style={{ border: `1px solid ${BORDER[state]}`, borderRadius: 6, padding: 4, background: value ? '#f6ffed' : '#fafafa' }}
      data-testid={`table-cell-${index}`}
      title={state === 'ok' ? undefined : t(`tables.cellState.${state}`)}
    >
      {editable ? <HolderOutlined style={{ cursor: 'grab', color: '#8c8c8c' }} aria-label={t('tables.drag')} /> : null}
      <AutoComplete
        value={text}
        options={options}
        disabled={!editable}
        variant="borderless"
        placeholder={editable ? t('tables.cellPlaceholder') : undefined}
        style={{ width: '100%' }}
        filterOption={(input, option) =>
          String(option?.value ?? '')
            .toLowerCase()
            .includes(input.toLowerCase())
        }
        onChange={(v) => setText(String(v ?? ''))}
        onSelect={(v) => {
          setText(String(v));
          commit(String(v));
        }}
        onBlur={() => commit(text)}
        onInputKeyDown={(e) => e.key === 'Enter' && commit(text)}
        aria-label={t('tables.cell', { n: index + 1 })}
      />
    </Flex>
  );
}
