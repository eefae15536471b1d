import type { RobotStatusPayload } from '@railserve/protocol';

/** A valid robot status naming a track, as a robot on that track publishes it. */
export const onTrack = (sn: string, trackId: number): RobotStatusPayload => ({
  sn,
  connection: 'online',
  state: 'idle',
  battery: 80,
  trackId,
  alarms: [],
  ts: new Date().toISOString(),
});

/** An MQTT fixed header for a CONNECT packet declaring `length` bytes to follow. */
export function connectHeader(length: number): Buffer {
  const bytes = [0x10];
  let rest = length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}
