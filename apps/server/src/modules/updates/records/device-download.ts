import type { FastifyInstance } from 'fastify';
import type { DeviceIdentity } from '../../../lib/device-credentials.ts';
import { findTrackMap } from '../../tracks/repository.ts';
import { markDownloaded } from './repository.ts';

/** The name a device has on update records and the broker: a robot's sn, a controller's `track-{id}`. */
export const deviceName = (device: DeviceIdentity) => (device.kind === 'robot' ? device.sn : `track-${device.trackId}`);

/** A device may download only what is meant for it: a robot its own records, a controller its track's robots'. */
export async function deviceMayDownload(app: FastifyInstance, device: DeviceIdentity, serial: string) {
  if (device.kind === 'robot') return device.sn === serial;
  if (serial === `track-${device.trackId}`) return true;
  const track = await findTrackMap(app.db, device.trackId);
  return (track?.robots ?? []).includes(serial);
}

/**
 * Notes that the record's own device fetched its file with the code: only then may the device
 * report the download and the installation (upgrade-ingest.ts). A controller fetching for one of
 * its robots, or a user downloading from the console, is not the record's device and counts nothing.
 */
export async function noteDeviceDownload(
  app: FastifyInstance,
  device: DeviceIdentity | undefined,
  recordId: number,
  serial: string,
) {
  if (!device || deviceName(device) !== serial) return;
  await markDownloaded(app.db, recordId, serial);
}
