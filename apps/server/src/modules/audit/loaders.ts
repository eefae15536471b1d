import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Reads the current state of one entity before a PUT, PATCH or DELETE changes it, so the audit
 * record can show the old values next to the new ones. Answer the same shape the API returns for
 * the entity (the detail view compares field by field); undefined when it does not exist.
 */
export type AuditLoader = (app: FastifyInstance, id: string, request: FastifyRequest) => Promise<unknown>;

const loaders = new Map<string, AuditLoader>();

/** A loader's id as a number; undefined when the parameter is not an integer (the loader then has nothing to read). */
export const numericId = (id: string) => (Number.isSafeInteger(Number(id)) ? Number(id) : undefined);

/**
 * The registry of "current state loaders", one per resource. A module registers its loader with
 * one call at the top level of its routes file:
 *
 *     registerAuditLoader('robots', (app, sn) => findRobotBySn(app.db, sn).then((r) => r && toRobot(r)));
 *
 * The key is the route's path below /api/v1 without its parameters, and the id is the route's
 * first parameter: `users` serves `PUT /users/:id`; `tracks/map` serves `PUT /tracks/:id/map`;
 * `robots/config` serves `PUT /robots/:sn/config/:group` (read `request.params` for the group).
 * A loader that throws only costs the record its old values; the request goes on.
 */
export function registerAuditLoader(resource: string, loader: AuditLoader): void {
  loaders.set(resource, loader);
}

/** The loader for a route pattern below the prefix (`users/:id`), with the id parameter's name. */
export function loaderFor(route: string): { loader: AuditLoader; idParam: string } | undefined {
  const segments = route.split('/').filter(Boolean);
  const idSegment = segments.find((s) => s.startsWith(':'));
  if (!idSegment) return undefined;
  const key = segments.filter((s) => !s.startsWith(':')).join('/');
  const loader = loaders.get(key);
  return loader && { loader, idParam: idSegment.slice(1) };
}
