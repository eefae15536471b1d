import type { UpdateDeviceType, UpdateStatus } from '@railserve/protocol';

export type UpdateRecordParams = {
  page: number;
  pageSize: number;
  q?: string;
  deviceType?: UpdateDeviceType;
  status?: UpdateStatus;
};

/** Query keys of the updates slice; a change to files or records invalidates `updateKeys.all`. */
export const updateKeys = {
  all: ['updates'] as const,
  records: (params: UpdateRecordParams) => ['updates', 'records', params] as const,
  files: ['updates', 'files'] as const,
  /** Space all uploads take against the total quota: changes with every update file (and audio clip). */
  storage: ['updates', 'storage'] as const,
  rollouts: ['updates', 'rollouts'] as const,
  versions: ['updates', 'versions'] as const,
  scopeChoices: ['updates', 'scope-choices'] as const,
};
