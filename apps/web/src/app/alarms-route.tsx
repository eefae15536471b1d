import type { Alarm } from '@railserve/protocol';
import { AlarmCenterPage } from '../features/alarms/components/alarm-center-page.tsx';
import { AlarmDrawerExtras } from './alarm-drawer-extras.tsx';

const drawerExtra = (alarm: Alarm) => <AlarmDrawerExtras alarm={alarm} />;

/**
 * /alarms: the alarm center (features/alarms) with the drawer's parts of other features (robot,
 * map, logs), composed here because features do not import each other.
 */
export function AlarmsRoute() {
  return <AlarmCenterPage drawerExtra={drawerExtra} />;
}
