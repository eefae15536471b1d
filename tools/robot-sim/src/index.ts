export { type Fleet, type FleetOptions, type FleetPlan, planFleet, publishMaps, startFleet } from './fleet.ts';
export { generateTrackMap, type TrackMapPlan } from './map-gen.ts';
export { SimRobot, type SimRobotOptions } from './robot.ts';
export { DEFAULT_TIMING, type RobotModel, type RobotTiming } from './robot-model.ts';
export { findRoute } from './route.ts';
export { SimTrackController, type SimTrackControllerOptions } from './track-controller.ts';
export { reduceTrack } from './track-machine.ts';
export { initialTrackState, type TrackEffect, type TrackEvent, type TrackState } from './track-state.ts';
