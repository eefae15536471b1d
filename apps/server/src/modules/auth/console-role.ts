import { createHash } from 'node:crypto';
import { consoleReadTopics, type Permission } from '@railserve/protocol';
import { CONSOLE_PUBLISH_DENIED, CONSOLE_PUBLISH_FILTERS } from '../../broker/acl.ts';
import { DENY_THE_REST, type DynsecAcl } from '../../broker/dynamic-security.ts';

/**
 * The console's broker rules as a Mosquitto dynamic security role, one per level: the read topics
 * the level may subscribe to and receive (consoleReadTopics, as on the embedded broker), the system
 * messages it may send but not the system status, and nothing else. The lowest priority denies
 * every other topic, so neither the plugin's default access nor the ACL file ever decides for a
 * console account. Mosquitto 2.0's roles cannot refuse the retain flag: see docs/security.md.
 */
export function consoleRoleAcls(permission: Permission): DynsecAcl[] {
  const read = consoleReadTopics(permission).flatMap((topic) => [
    { acltype: 'subscribePattern', topic, allow: true, priority: 10 },
    { acltype: 'publishClientReceive', topic, allow: true, priority: 10 },
  ]);
  return [
    ...read,
    ...CONSOLE_PUBLISH_DENIED.map((topic) => ({ acltype: 'publishClientSend', topic, allow: false, priority: 20 })),
    ...CONSOLE_PUBLISH_FILTERS.map((topic) => ({ acltype: 'publishClientSend', topic, allow: true, priority: 10 })),
    ...DENY_THE_REST,
  ];
}

/** A role's name carries a digest of its rules, so a release with other rules never reuses an old role. */
export const consoleRoleName = (permission: Permission) =>
  `railserve-console-${permission}-${createHash('sha256')
    .update(JSON.stringify(consoleRoleAcls(permission)))
    .digest('hex')
    .slice(0, 8)}`;
