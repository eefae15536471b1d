import type { ReactNode } from 'react';
import { RobotAlarmsSlot } from '../components/ui/robot-alarms-slot.tsx';
import { ActiveAlarms } from '../features/alarms/components/active-alarms.tsx';
import { mayDo } from '../lib/access.ts';
import { useCurrentUser } from '../lib/auth.ts';

const robotAlarms = (sn: string) => <ActiveAlarms robotSn={sn} title={false} />;

/** Gives the robot dialog (robots) the robot's active alarms (alarms), for users who may see alarms. */
export function RobotAlarmsProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  return <RobotAlarmsSlot value={mayDo(user, 'alarms.view') ? robotAlarms : null}>{children}</RobotAlarmsSlot>;
}
