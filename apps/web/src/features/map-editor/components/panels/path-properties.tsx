import { SwapOutlined } from '@ant-design/icons';
import { MAP_PATH_TYPES, type MapPathType } from '@railserve/protocol';
import { Button, Card, Form, Select, Typography } from 'antd';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditorMap, pathKey } from '../../model/editor-map.ts';
import type { EditorAction } from '../../model/editor-state.ts';
import { reversePath, updatePaths } from '../../model/map-edits.ts';

type PathPropertiesProps = { map: EditorMap; keys: readonly string[]; dispatch: Dispatch<EditorAction>; readOnly: boolean };

/** The selected paths' type (the spec's seven), and turning one path around. */
export function PathProperties({ map, keys, dispatch, readOnly }: PathPropertiesProps) {
  const { t } = useTranslation();
  const chosen = new Set(keys);
  const paths = map.paths.filter((p) => chosen.has(pathKey(p)));
  if (paths.length === 0) return null;
  const type = paths.every((p) => p.type === paths[0].type) ? paths[0].type : undefined;
  const label = t('map-editor.fields.pathType');
  return (
    <Card size="small" title={t('map-editor.panels.path', { count: paths.length })} data-testid="path-properties">
      {paths.length === 1 ? (
        <Typography.Paragraph>{t('map-editor.panels.pathEnds', { from: paths[0].from, to: paths[0].to })}</Typography.Paragraph>
      ) : null}
      <Form layout="vertical" size="small" disabled={readOnly} component="div">
        <Form.Item label={label} htmlFor="path-type">
          <Select
            id="path-type"
            aria-label={label}
            value={type}
            placeholder={t('map-editor.panels.mixed')}
            data-testid="path-type"
            options={MAP_PATH_TYPES.map((value) => ({ value, label: t(`map-editor.values.pathType.${value}`) }))}
            onChange={(value: MapPathType) => dispatch({ type: 'edit', apply: (m) => updatePaths(m, keys, { type: value }) })}
          />
        </Form.Item>
        {paths.length === 1 ? (
          <Button
            icon={<SwapOutlined />}
            onClick={() => {
              const [path] = paths;
              dispatch({
                type: 'edit',
                apply: (m) => reversePath(m, pathKey(path)),
                select: { points: [], paths: [pathKey({ from: path.to, to: path.from })] },
              });
            }}
          >
            {t('map-editor.actions.reversePath')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
