import type { RobotHealth } from '@railserve/protocol';

/** Health from worst to best, for sorting (the robot list, the dashboard's attention list). */
export const HEALTH_RANK: Record<RobotHealth, number> = { critical: 0, warning: 1, normal: 2 };
