/**
 * Valid ranges of the numeric robot configuration fields (DESIGN section 5). The spec fixes only
 * brightness 0-255 and volume 0-100; the others are our decisions (plausible bounds for an indoor
 * serving robot, to revise when the firmware's own limits are known), listed in
 * docs/robots-and-simulator.md. The form shows them as "valid range: min-max" and the schemas in
 * robot-config.ts enforce them.
 * Every numeric field is an integer.
 */
export const RANGES = {
  // basic
  /** LED brightness, raw PWM duty 0-255 (spec). */
  brightness: { min: 0, max: 255, unit: '' },
  /** Speaker volume in percent (spec). */
  volume: { min: 0, max: 100, unit: '%' },
  /** How often the arrival announcement repeats; 0 = once, no repeat. */
  repeatCount: { min: 0, max: 99, unit: '' },
  /** Repeat counts of the N (normal), A (left table), B (right table) and Z (whole table) prompts. */
  repeatTimesN: { min: 0, max: 99, unit: '' },
  repeatTimesA: { min: 0, max: 99, unit: '' },
  repeatTimesB: { min: 0, max: 99, unit: '' },
  repeatTimesZ: { min: 0, max: 99, unit: '' },
  /** How long the robot waits at a table for the lid button before it leaves, in seconds; 0 = wait forever. */
  buttonTime: { min: 0, max: 600, unit: 's' },
  // advanced
  /** Acceleration used when homing, in mm/s². */
  accHome: { min: 0, max: 2000, unit: 'mm/s²' },
  /** Time-of-flight obstacle stop distance, in mm; 0 turns the sensor off. */
  tof: { min: 0, max: 2000, unit: 'mm' },
  /** Number of sub-robots (lid carriers) attached; 0 = none. */
  subRobot: { min: 0, max: 8, unit: '' },
  /** Lid motor end positions, in degrees. */
  lidOpenLimit: { min: 0, max: 180, unit: '°' },
  lidCloseLimit: { min: 0, max: 180, unit: '°' },
  subLidOpenLimit: { min: 0, max: 180, unit: '°' },
  subLidCloseLimit: { min: 0, max: 180, unit: '°' },
  /** Sensor calibration mode code: 0 off, 1 IMU, 2 motors, 3 full. */
  calibrationMode: { min: 0, max: 3, unit: '' },
  // motion
  /** Motor output scale in percent of nominal. */
  motorScale: { min: 10, max: 200, unit: '%' },
  /** Extra speed on the empty return trip, in percent. */
  returnBoost: { min: 0, max: 100, unit: '%' },
  /** Top linear speed, in mm/s; the speed levels may not exceed it. */
  maxSpeed: { min: 100, max: 2000, unit: 'mm/s' },
  speedLevel0: { min: 0, max: 2000, unit: 'mm/s' },
  speedLevel1: { min: 0, max: 2000, unit: 'mm/s' },
  speedLevel2: { min: 0, max: 2000, unit: 'mm/s' },
  speedLevel3: { min: 0, max: 2000, unit: 'mm/s' },
  /** Turning speed, in degrees per second. */
  rotateSpeed: { min: 1, max: 360, unit: '°/s' },
  /** Control-loop cycles used to ramp speed up and down. */
  motionCycles: { min: 1, max: 1000, unit: '' },
} as const satisfies Record<string, { min: number; max: number; unit: string }>;

export type RangedField = keyof typeof RANGES;

/** "min-max" for a form hint, e.g. `rangeText('volume')` → "0-100". */
export const rangeText = (field: RangedField) => `${RANGES[field].min}-${RANGES[field].max}`;
