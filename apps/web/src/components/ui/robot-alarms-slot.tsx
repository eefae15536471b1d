import { createContext, type ReactNode, useContext } from 'react';

/**
 * A robot's active alarms as the alarm center lists them, for screens of other features (the
 * robot dialog). app/ provides it (features do not import each other); without it, nothing shows.
 */
export const RobotAlarmsSlot = createContext<((sn: string) => ReactNode) | null>(null);

export function RobotAlarms({ sn }: { sn: string }) {
  const slot = useContext(RobotAlarmsSlot);
  return slot ? slot(sn) : null;
}
