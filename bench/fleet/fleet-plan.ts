import { planFleet } from '@railserve/robot-sim';

/** The benchmark fleet: 20 robots per track. The server publishes its maps, the simulator runs its robots. */
export const fleetPlan = (robots: number) => planFleet({ robots, tracks: Math.ceil(robots / 20), snPrefix: 'BENCH' });
