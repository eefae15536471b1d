import { MAP_PATH_TYPES, MAP_POINT_TYPES } from '@railserve/protocol';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATH_STYLES, POINT_COLORS } from '../layers/map-styles.ts';

/** A swatch as the canvas draws it: a point's dot or a path's line (dashed for a closed loop). */
function Swatch({ color, dash, dot }: { color: string; dash?: number[]; dot?: boolean }) {
  return (
    <svg width={28} height={12} aria-hidden="true" style={{ flexShrink: 0 }}>
      {dot ? (
        <circle cx={14} cy={6} r={5} fill={color} />
      ) : (
        <line x1={2} y1={6} x2={26} y2={6} stroke={color} strokeWidth={3} strokeDasharray={dash?.map((d) => d / 2).join(' ')} />
      )}
    </svg>
  );
}

/** What the map's colours mean: each point type and path type as the canvas draws it, and the robots' markers. */
export function MapLegend() {
  const { t } = useTranslation();
  const item = (key: string, swatch: React.ReactNode, label: string) => (
    <Flex key={key} align="center" gap={6} role="listitem">
      {swatch}
      <Typography.Text>{label}</Typography.Text>
    </Flex>
  );
  return (
    <Card size="small" title={t('map-editor.legend.title')} data-testid="map-legend">
      <Flex vertical gap={2} role="list" aria-label={t('map-editor.legend.points')}>
        {MAP_POINT_TYPES.map((type) =>
          item(type, <Swatch color={POINT_COLORS[type]} dot />, t(`map-editor.values.type.${type}`)),
        )}
      </Flex>
      <Flex vertical gap={2} role="list" aria-label={t('map-editor.legend.paths')} style={{ marginTop: 8 }}>
        {MAP_PATH_TYPES.map((type) =>
          item(
            type,
            <Swatch color={PATH_STYLES[type].color} dash={PATH_STYLES[type].dash} />,
            t(`map-editor.values.pathType.${type}`),
          ),
        )}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {t('map-editor.legend.robots')}
      </Typography.Paragraph>
    </Card>
  );
}
