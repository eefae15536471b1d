import { ClearOutlined, SaveOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { type MapTable, mapTables, type TableLayout, tableLayoutIssues } from '@railserve/protocol';
import { Alert, App, Button, Card, Empty, Flex, Popconfirm, Skeleton, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes.tsx';
import { actionFailed } from '../../../lib/errors.ts';
import { type SavedMapQuery, useSaveTableLayout, useTableLayout } from '../api/table-layout.ts';
import * as edit from '../model/layout-editing.ts';
import { LayoutIssues } from './layout-issues.tsx';
import { PageGrid } from './page-grid.tsx';
import { PageSettings } from './page-settings.tsx';

type TableLayoutEditorProps = {
  trackId: number;
  editable: boolean;
  /** The track's saved map and how to read it again after a save: the tracks slice's, from app/. */
  map: SavedMapQuery;
  onSaved: (trackId: number) => Promise<unknown>;
};

/** The table layout of the track's ordering tablet: pages of tables in a grid. */
export function TableLayoutEditor({ trackId, editable, map, onSaved }: TableLayoutEditorProps) {
  const { t } = useTranslation();
  const layout = useTableLayout(trackId);
  // The map's tables (its table points' names) in point order.
  const tables = useMemo(() => (map.data ? mapTables(map.data) : []), [map.data]);
  if (layout.isPending || map.isPending) return <Skeleton active />;
  if (layout.isError || map.isError) {
    return <Alert type="error" showIcon title={actionFailed(t, t('tables.load'), layout.error ?? map.error)} />;
  }
  if (map.data === null || map.data === undefined)
    return <Alert type="info" showIcon title={t('tables.noMap')} data-testid="tables-no-map" />;
  return (
    <LayoutDraft
      key={JSON.stringify(layout.data)}
      trackId={trackId}
      saved={layout.data}
      tables={tables}
      editable={editable}
      onSaved={onSaved}
    />
  );
}

type LayoutDraftProps = Omit<TableLayoutEditorProps, 'map'> & { saved: TableLayout; tables: MapTable[] };

function LayoutDraft({ trackId, saved, tables, editable, onSaved }: LayoutDraftProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveTableLayout(onSaved);
  const [draft, setDraft] = useState<TableLayout>(saved);
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, draft.pages.length - 1));
  const page = draft.pages[current];
  const issues = tableLayoutIssues(draft, tables);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  // Leaving the track form with a layout not yet saved asks first.
  const release = useUnsavedChanges(editable && changed);

  const commitCell = (cell: number, name: string | null) => {
    if (name !== null && draft.pages.some((p, pi) => p.cells.some((c, ci) => c === name && (pi !== current || ci !== cell)))) {
      // Keyed: the cell's pick and its blur refuse the same name, and the operator sees it once.
      void message.error({ key: 'table-layout-duplicate', content: t('tables.duplicate', { names: name }) });
      return false;
    }
    setDraft(edit.setCell(draft, current, cell, name));
    return true;
  };

  const onSave = async () => {
    try {
      await save.mutateAsync({ trackId, layout: draft });
      release();
      void message.success(t('common.saved'));
    } catch (error) {
      void message.error(actionFailed(t, t('common.actions.save'), error));
    }
  };

  return (
    <Card size="small" data-testid="table-layout-editor">
      {editable ? (
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <Button
            icon={<ThunderboltOutlined />}
            onClick={() =>
              setDraft(
                edit.autoFill(
                  draft,
                  tables.map((x) => x.name),
                  current,
                ),
              )
            }
            data-testid="tables-auto-fill"
          >
            {t('tables.autoFill')}
          </Button>
          <Popconfirm
            title={t('tables.clearConfirm')}
            onConfirm={() => setDraft(edit.clearPage(draft, current))}
            disabled={!page}
          >
            <Button icon={<ClearOutlined />} disabled={!page} data-testid="tables-clear">
              {t('tables.clear')}
            </Button>
          </Popconfirm>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            disabled={!changed || issues.duplicates.length > 0 || issues.unknown.length > 0}
            loading={save.isPending}
            onClick={onSave}
            style={{ marginInlineStart: 'auto' }}
            data-testid="tables-save"
          >
            {t('common.actions.save')}
          </Button>
        </Flex>
      ) : null}
      <Tabs
        type={editable ? 'editable-card' : 'card'}
        activeKey={String(current)}
        onChange={(key) => setActive(Number(key))}
        addIcon={<span data-testid="tables-add-page">+</span>}
        onEdit={(key, action) => {
          if (action === 'add') {
            setDraft(edit.addPage(draft));
            setActive(draft.pages.length);
          } else setDraft(edit.removePage(draft, Number(key)));
        }}
        items={draft.pages.map((p, index) => ({
          key: String(index),
          label: p.name || t('tables.pageN', { n: index + 1 }),
          closable: editable,
        }))}
      />
      {page ? (
        <>
          {editable ? (
            <PageSettings
              page={page}
              index={current}
              count={draft.pages.length}
              onRename={(name) => setDraft(edit.renamePage(draft, current, name))}
              onResize={(rows, columns) =>
                setDraft({ pages: draft.pages.map((p, i) => (i === current ? edit.resizePage(p, rows, columns) : p)) })
              }
              onMove={(to) => {
                setDraft(edit.movePage(draft, current, to));
                setActive(to);
              }}
            />
          ) : null}
          <PageGrid
            page={page}
            tables={tables}
            placed={new Set(draft.pages.flatMap((p) => p.cells))}
            duplicates={new Set(issues.duplicates)}
            editable={editable}
            onCommit={commitCell}
            onSwap={(from, to) => setDraft(edit.swapCells(draft, current, from, to))}
          />
        </>
      ) : (
        <Empty description={t('tables.noPages')} />
      )}
      <LayoutIssues issues={issues} />
    </Card>
  );
}
