import { type AuditType, formatAuditDescription } from '@railserve/protocol';

/** What the hook derives from a request's method and route when the route says nothing. */
export type AuditClass = { type: AuditType; target: string };

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Path segments that name what kind of operation a write is, whatever resource it is on. */
const SEGMENT_TYPES: Record<string, AuditType> = {
  login: 'login',
  logout: 'logout',
  export: 'export',
  import: 'import',
  backup: 'backup',
  restore: 'restore',
  commands: 'system',
  config: 'system_config',
};

const METHOD_TYPES: Record<string, AuditType> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

/**
 * Classifies a request below the API prefix: `path` is the concrete path (`users/5`), `route`
 * the pattern (`users/:id`). Answers undefined for what is not audited: reads other than exports.
 */
export function classifyRequest(method: string, path: string, route: string): AuditClass | undefined {
  const segments = route.split('/').filter((s) => s && !s.startsWith(':'));
  const special = segments.map((s) => SEGMENT_TYPES[s]).find(Boolean);
  const isWrite = WRITE_METHODS.has(method);
  if (!isWrite && special !== 'export') return undefined;
  let type = special ?? METHOD_TYPES[method];
  // Users and the system's own settings have their own audit types in the spec's list.
  if (!special && segments[0] === 'users') type = 'user_management';
  if (!special && segments[0] === 'system') type = 'system';
  return { type, target: path };
}

const VERBS: Record<string, 'create' | 'update' | 'delete'> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * An English one-line description from the protocol's AUDIT_DESCRIPTIONS, which the console
 * reads back and says in the reader's language. `command` is a command's name (POST .../commands).
 */
export function describe(type: AuditType, method: string, target: string, name?: string, command?: string): string {
  if (type === 'login') return formatAuditDescription('sign_in');
  if (type === 'logout') return formatAuditDescription('sign_out');
  if (type === 'export') return formatAuditDescription('export', { target });
  if (type === 'system' && method === 'POST') {
    return command ? formatAuditDescription('send_command', { command, target }) : formatAuditDescription('send', { target });
  }
  const verb = VERBS[method] ?? 'update';
  return name ? formatAuditDescription(`${verb}_named`, { target, name }) : formatAuditDescription(verb, { target });
}

const NAME_KEYS = ['name', 'username', 'sn', 'code', 'filename', 'command'] as const;

/** A human name for the entity a write touched, taken from the answer or the previous state. */
export function entityName(...sources: unknown[]): string | undefined {
  for (const source of sources) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const key of NAME_KEYS) {
      const value = (source as Record<string, unknown>)[key];
      if (typeof value === 'string' && value) return value.slice(0, 100);
    }
  }
  return undefined;
}
