import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCALE_PRESETS } from '../../model/viewport.ts';

/** The scale presets (25 %, 50 %, 100 %, 150 %, 200 %) and the current zoom. */
export function ZoomControl({ scale, onChange }: { scale: number; onChange: (scale: number) => void }) {
  const { t } = useTranslation();
  const percent = Math.round(scale * 100);
  return (
    <Select
      aria-label={t('map-editor.tools.scale')}
      data-testid="zoom-presets"
      size="middle"
      style={{ width: 96 }}
      value={percent}
      onChange={(value) => onChange(value / 100)}
      options={[
        ...(SCALE_PRESETS.some((p) => Math.round(p * 100) === percent) ? [] : [{ value: percent, label: `${percent} %` }]),
        ...SCALE_PRESETS.map((p) => ({ value: Math.round(p * 100), label: `${Math.round(p * 100)} %` })),
      ]}
    />
  );
}
