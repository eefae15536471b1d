import { useTranslation } from 'react-i18next';
import type { RobotHover } from './layers/robots-layer.tsx';

/** Name, state and battery of the robot under the pointer. */
export function RobotTooltip({ hover }: { hover: RobotHover }) {
  const { t } = useTranslation();
  if (!hover) return null;
  const { robot } = hover;
  return (
    <div
      role="tooltip"
      data-testid="robot-tooltip"
      style={{
        position: 'absolute',
        left: hover.x + 14,
        top: hover.y + 14,
        pointerEvents: 'none',
        background: 'rgba(0, 0, 0, 0.78)',
        color: '#fff',
        padding: '6px 10px',
        borderRadius: 6,
        fontSize: 12,
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
      }}
    >
      <div>
        <strong>{robot.name}</strong> ({robot.sn})
      </div>
      <div>{t('map-editor.robots.state', { state: t(`robots.states.${robot.state}`) })}</div>
      <div>{t('map-editor.robots.battery', { battery: robot.battery })}</div>
    </div>
  );
}
