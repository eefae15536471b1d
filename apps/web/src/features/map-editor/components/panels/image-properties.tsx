import { Card, Form, InputNumber, Switch } from 'antd';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorMap } from '../../model/editor-map.ts';
import type { EditorAction } from '../../model/editor-state.ts';

type ImagePropertiesProps = { map: EditorMap; dispatch: Dispatch<EditorAction>; readOnly: boolean };

/** The background image's position, scale and lock (locked, clicks go through to the points). */
export function ImageProperties({ map, dispatch, readOnly }: ImagePropertiesProps) {
  const { t } = useTranslation();
  const background = map.background;
  if (!background) return null;
  const set = (patch: Partial<NonNullable<EditorMap['background']>>, key: string) =>
    dispatch({
      type: 'edit',
      apply: (m) => (m.background ? { ...m, background: { ...m.background, ...patch } } : m),
      key: `image:${key}`,
    });
  const disabled = readOnly || background.locked;
  return (
    <Card size="small" title={t('map-editor.panels.image')} data-testid="image-properties">
      <Form layout="inline" size="small" disabled={readOnly} component="div" style={{ rowGap: 8 }}>
        <Form.Item label={t('map-editor.fields.imageScale')}>
          <InputNumber
            aria-label={t('map-editor.fields.imageScale')}
            min={0.05}
            max={100}
            step={0.05}
            value={background.scale}
            disabled={disabled}
            onChange={(v) => typeof v === 'number' && v > 0 && set({ scale: v }, 'scale')}
          />
        </Form.Item>
        <Form.Item label={t('map-editor.fields.imageLocked')}>
          <Switch
            aria-label={t('map-editor.fields.imageLocked')}
            checked={background.locked}
            onChange={(locked) => set({ locked }, 'lock')}
            data-testid="image-locked"
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
