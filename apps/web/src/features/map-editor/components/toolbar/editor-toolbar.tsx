import {
  AimOutlined,
  ApiOutlined,
  BorderInnerOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  ExpandOutlined,
  FolderOpenOutlined,
  LockOutlined,
  NodeIndexOutlined,
  PictureOutlined,
  RedoOutlined,
  SaveOutlined,
  SelectOutlined,
  UndoOutlined,
  UnlockOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Divider, Flex } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorCommands } from '../../hooks/use-editor-commands.ts';
import { isEmptySelection } from '../../model/editor-map.ts';
import type { EditorState, ToolName } from '../../model/editor-state.ts';
import { canRedo, canUndo } from '../../model/history.ts';
import { SHORTCUT_LABELS } from '../../model/shortcuts.ts';
import { ToolButton } from './tool-button.tsx';
import { ZoomControl } from './zoom-control.tsx';

const TOOL_ICONS: Record<ToolName, React.ReactNode> = {
  select: <SelectOutlined />,
  pan: <DragOutlined />,
  point: <AimOutlined />,
  path: <NodeIndexOutlined />,
  image: <PictureOutlined />,
};

type EditorToolbarProps = { state: EditorState; commands: EditorCommands; readOnly: boolean };

/** The spec's tools: pan, select, place point, place path, adjust image, auto connect, zoom, grid, image upload and lock. */
export function EditorToolbar({ state, commands, readOnly }: EditorToolbarProps) {
  const { t } = useTranslation();
  const mapFile = useRef<HTMLInputElement>(null);
  const imageFile = useRef<HTMLInputElement>(null);
  const background = state.history.present.background;
  const tools: ToolName[] = readOnly ? ['select', 'pan'] : ['select', 'pan', 'point', 'path', 'image'];
  const label = (key: string) => t(`map-editor.tools.${key}`);

  return (
    <Flex gap={4} wrap align="center" role="toolbar" aria-label={t('map-editor.toolbar')} data-testid="map-toolbar">
      {tools.map((tool) => (
        <ToolButton
          key={tool}
          label={label(tool)}
          shortcut={SHORTCUT_LABELS[tool]}
          icon={TOOL_ICONS[tool]}
          pressed={state.tool === tool}
          disabled={tool === 'image' && (!background || background.locked)}
          onClick={() => commands.tool(tool)}
        />
      ))}
      <Divider type="vertical" />
      <ToolButton
        label={label('zoomOut')}
        shortcut={SHORTCUT_LABELS.zoomOut}
        icon={<ZoomOutOutlined />}
        onClick={commands.zoomOut}
      />
      <ZoomControl scale={state.view.scale} onChange={commands.zoomTo} />
      <ToolButton label={label('zoomIn')} shortcut={SHORTCUT_LABELS.zoomIn} icon={<ZoomInOutlined />} onClick={commands.zoomIn} />
      <ToolButton label={label('fit')} shortcut={SHORTCUT_LABELS.fit} icon={<ExpandOutlined />} onClick={commands.fit} />
      <ToolButton
        label={label('grid')}
        shortcut={SHORTCUT_LABELS.grid}
        icon={<BorderInnerOutlined />}
        pressed={state.grid}
        onClick={commands.grid}
      />
      {readOnly ? null : (
        <>
          <Divider type="vertical" />
          <ToolButton
            label={label('undo')}
            shortcut={SHORTCUT_LABELS.undo}
            icon={<UndoOutlined />}
            disabled={!canUndo(state.history)}
            onClick={commands.undo}
          />
          <ToolButton
            label={label('redo')}
            shortcut={SHORTCUT_LABELS.redo}
            icon={<RedoOutlined />}
            disabled={!canRedo(state.history)}
            onClick={commands.redo}
          />
          <ToolButton
            label={label('delete')}
            shortcut={SHORTCUT_LABELS.remove}
            icon={<DeleteOutlined />}
            disabled={isEmptySelection(state.selection)}
            onClick={commands.remove}
          />
          <ToolButton
            label={label('autoConnect')}
            shortcut={SHORTCUT_LABELS.autoConnect}
            icon={<ApiOutlined />}
            onClick={commands.autoConnect}
          />
          <Divider type="vertical" />
          <ToolButton
            label={label('uploadImage')}
            shortcut={SHORTCUT_LABELS.uploadImage}
            icon={<CloudUploadOutlined />}
            loading={commands.uploading}
            onClick={() => imageFile.current?.click()}
          />
          <ToolButton
            label={label(background?.locked ? 'unlockImage' : 'lockImage')}
            shortcut={SHORTCUT_LABELS.toggleLock}
            icon={background?.locked ? <LockOutlined /> : <UnlockOutlined />}
            pressed={!!background?.locked}
            disabled={!background}
            onClick={commands.toggleLock}
          />
          <Divider type="vertical" />
          <ToolButton label={label('load')} icon={<FolderOpenOutlined />} onClick={() => mapFile.current?.click()} />
        </>
      )}
      <ToolButton label={label('export')} icon={<DownloadOutlined />} onClick={commands.exportFile} />
      {readOnly ? null : (
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={commands.saving}
          disabled={!commands.dirty}
          onClick={() => void commands.save()}
          data-testid="map-save"
        >
          {t('map-editor.actions.save')}
        </Button>
      )}
      <input
        ref={mapFile}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={label('load')}
        data-testid="map-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void commands.load(file);
        }}
      />
      <input
        ref={imageFile}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-label={label('uploadImage')}
        data-testid="map-image-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void commands.uploadImage(file);
        }}
      />
    </Flex>
  );
}
