import type { MapPoint } from '@railserve/protocol';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorMap } from '../../model/editor-map.ts';
import { numberError } from '../../model/point-rules.ts';

type NumberFieldProps = { map: EditorMap; point: MapPoint; label: string; onChange: (number: number) => void };

/**
 * The point number as typed: it goes into the map (paths follow) only when it is a whole
 * 0-65535 no other point uses; until then the field shows why and the map keeps the old one.
 */
export function NumberField({ map, point, label, onChange }: NumberFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(String(point.number));
  const parsed = /^\d+$/.test(draft.trim()) ? Number(draft.trim()) : draft.trim() === '' ? null : Number.NaN;
  const error = numberError(map, point.number, parsed);
  return (
    <Form.Item
      label={label}
      htmlFor="point-number"
      validateStatus={error ? 'error' : undefined}
      help={error ? t(`map-editor.${error}`) : undefined}
    >
      <Input
        id="point-number"
        inputMode="numeric"
        value={draft}
        data-testid="point-number"
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
          if (n !== null && !numberError(map, point.number, n) && n !== point.number) onChange(n);
        }}
      />
    </Form.Item>
  );
}
