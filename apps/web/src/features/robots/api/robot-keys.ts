import type { RobotConfigGroup } from '@railserve/protocol';

/** Query keys of the robots slice; live statuses patch `robotKeys.list`, mutations invalidate `robotKeys.all`. */
export const robotKeys = {
  all: ['robots'] as const,
  /** The whole fleet in one list: filters, search and sorting run in the browser so live changes apply at once. */
  list: ['robots', 'list'] as const,
  config: (sn: string, group: RobotConfigGroup) => ['robots', 'config', sn, group] as const,
  commands: (sn: string) => ['robots', 'commands', sn] as const,
};
