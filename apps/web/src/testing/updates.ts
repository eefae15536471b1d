import { parseUpdateFailure, type Rollout, type SystemVersions, type UpdateFile, type UpdateRecord } from '@railserve/protocol';

/** Answers of the System updates screen's calls, for the page tests. */
export const systemVersionsAnswer: SystemVersions = {
  backend: { version: '0.1.0', startedAt: '2026-11-24T08:00:00.000Z' },
  sites: [
    {
      sessionCode: 'S2026001',
      sessionName: 'Hall',
      site_server: { version: '2.4.0', reportedAt: '2026-11-24T09:00:00.000Z' },
      tablet: null,
    },
  ],
};

export const updateFileFixture: UpdateFile = {
  id: 3,
  filename: 'robotfw-1.2.0.bin',
  size: 4100,
  sha256: 'ab'.repeat(32),
  version: '1.2.0',
  kind: 'firmware',
  uploadedAt: '2026-11-24T09:00:00.000Z',
  recordCount: 1,
};

export const failedRecordFixture: UpdateRecord = {
  id: 7,
  deviceType: 'robot',
  version: '1.2.0',
  deviceSerial: 'SIM-0001',
  status: 'failed',
  failureReason: 'checksum mismatch: expected abababababab…, got 000000000000…',
  fileId: 3,
  filename: 'robotfw-1.2.0.bin',
  sha256: 'ab'.repeat(32),
  size: 4100,
  verificationCode: 'K7QP2MXA',
  rolloutId: null,
  downloadedBy: null,
  downloadedAt: null,
  verified: false,
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:05:00.000Z',
};

export const stoppedRolloutFixture: Rollout = {
  id: 1,
  fileId: 3,
  filename: 'robotfw-1.2.0.bin',
  version: '1.2.0',
  scope: { kind: 'all' },
  firstGroupSize: 1,
  status: 'stopped',
  stoppedAt: {
    sn: 'SIM-0001',
    reason: failedRecordFixture.failureReason!,
    failure: parseUpdateFailure(failedRecordFixture.failureReason) ?? null,
  },
  robots: [
    {
      sn: 'SIM-0001',
      recordId: 7,
      group: 'first',
      status: 'failed',
      failureReason: failedRecordFixture.failureReason,
      failure: parseUpdateFailure(failedRecordFixture.failureReason) ?? null,
      retryAt: null,
      deadline: null,
    },
  ],
  username: 'admin',
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:05:00.000Z',
};
