import { MAP_JUDGE_TYPES, MAP_MARK_DIRECTIONS, MAP_POINT_TYPES, MAP_TABLE_TYPES, type MapPoint } from '@railserve/protocol';
import { Card, Form, Typography } from 'antd';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorMap } from '../../model/editor-map.ts';
import type { EditorAction } from '../../model/editor-state.ts';
import { updatePoints } from '../../model/map-edits.ts';
import { type PointField, sharedFields, sharedValue } from '../../model/point-fields.ts';
import { checkPoints } from '../../model/point-rules.ts';
import { NumberField } from './number-field.tsx';
import { ChoiceField, SwitchField, TextField } from './point-inputs.tsx';

type PointPropertiesProps = { map: EditorMap; numbers: readonly number[]; dispatch: Dispatch<EditorAction>; readOnly: boolean };

const ORDER: PointField[] = [
  'type',
  'tableType',
  'leftName',
  'rightName',
  'wholeName',
  'markDirection',
  'judgeType',
  'readDistance',
  'cannotWait',
  'charge',
  'reverse',
  'pickupPlatform',
  'wholeTopic',
  'topic1',
  'topic2',
];
const CHOICES: Partial<Record<PointField, readonly string[]>> = {
  type: MAP_POINT_TYPES,
  tableType: MAP_TABLE_TYPES,
  markDirection: MAP_MARK_DIRECTIONS,
  judgeType: MAP_JUDGE_TYPES,
};
const SWITCHES = new Set<PointField>(['cannotWait', 'charge', 'reverse', 'pickupPlatform']);

/** Every field of the spec's map point for the selected points; with several, a field set applies to all. */
export function PointProperties({ map, numbers, dispatch, readOnly }: PointPropertiesProps) {
  const { t } = useTranslation();
  const chosen = new Set(numbers);
  const points = map.points.filter((p) => chosen.has(p.number));
  const errors = checkPoints(map, numbers);
  const set = (field: PointField, value: unknown) => {
    const patch = { [field]: value } as Partial<MapPoint>;
    if (field === 'type' && value === 'table') patch.tableType = points[0]?.tableType ?? 'both';
    // A new number is a new identity: the selection follows it.
    const select = field === 'number' ? { points: [value as number], paths: [] } : undefined;
    dispatch({ type: 'edit', apply: (m) => updatePoints(m, numbers, patch), select, key: `point:${numbers.join(',')}:${field}` });
  };
  if (points.length === 0) return null;
  const label = (field: PointField) => t(`map-editor.fields.${field}`);
  const error = (field: PointField) => (errors[field] ? t(`map-editor.${errors[field]}`) : undefined);

  return (
    <Card size="small" title={t('map-editor.panels.point', { count: points.length })} data-testid="point-properties">
      {points.length > 1 ? (
        <Typography.Paragraph type="secondary">{t('map-editor.panels.multiHint', { count: points.length })}</Typography.Paragraph>
      ) : null}
      <Form layout="vertical" size="small" disabled={readOnly} component="div">
        {points.length === 1 ? (
          <NumberField
            key={points[0].number}
            map={map}
            point={points[0]}
            onChange={(n) => set('number', n)}
            label={label('number')}
          />
        ) : null}
        {sharedFields(points, ORDER).map((field) => {
          const value = sharedValue(points, field);
          const choices = CHOICES[field];
          if (choices) {
            return (
              <ChoiceField
                key={field}
                field={field}
                label={label(field)}
                value={value as string | undefined}
                options={choices.map((c) => ({ value: c, label: t(`map-editor.values.${field}.${c}`) }))}
                onChange={(v) => set(field, v)}
              />
            );
          }
          if (SWITCHES.has(field)) {
            return (
              <SwitchField
                key={field}
                field={field}
                label={label(field)}
                value={value as boolean | undefined}
                onChange={(v) => set(field, v)}
              />
            );
          }
          if (field === 'readDistance') {
            return (
              <TextField
                key={field}
                field={field}
                label={label(field)}
                numeric
                value={value === undefined ? '' : String(value)}
                onChange={(v) => set(field, Math.max(0, Math.min(100_000, Math.round(Number(v) || 0))))}
              />
            );
          }
          return (
            <TextField
              key={field}
              field={field}
              label={label(field)}
              value={(value as string | undefined) ?? ''}
              error={error(field)}
              placeholder={value === undefined && points.length > 1 ? t('map-editor.panels.mixed') : undefined}
              onChange={(v) => set(field, v === '' ? undefined : v)}
            />
          );
        })}
      </Form>
    </Card>
  );
}
