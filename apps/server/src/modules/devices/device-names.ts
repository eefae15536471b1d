import { type DeviceKind, deviceBrokerNames } from '@railserve/protocol';

/** A robot by serial number or a track controller by track id, as credentials name it. */
export type Device = { kind: 'robot'; sn: string } | { kind: 'controller'; trackId: number };

/** The `identity` column: the serial number, or the track id as text. */
export const identityOf = (device: Device) => (device.kind === 'robot' ? device.sn : String(device.trackId));

/** The embedded broker's key of the device's connections (broker/acl.ts identityKey). */
export const connectionKey = (device: Device) =>
  device.kind === 'robot' ? `robot:${device.sn}` : `controller:${device.trackId}`;

export const deviceOf = (kind: DeviceKind, identity: string): Device =>
  kind === 'robot' ? { kind, sn: identity } : { kind, trackId: Number(identity) };

export const brokerNames = deviceBrokerNames;
