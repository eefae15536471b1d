import type { FastifyInstance } from 'fastify';
import { sameSecret } from '../../lib/device-credentials.ts';
import { findActiveSessionUser } from '../../modules/users/repository.ts';
import { type BrokerIdentity, deviceIdentity, WEB_BROKER_USERNAME } from '../acl.ts';

/**
 * Who a client's username and password prove it is (DESIGN section 4), or undefined: a console
 * with its session token, a robot or controller with its own credential (or DEVICE_KEY where still
 * allowed, modules/devices/credential-check.ts), an on-site device with DEVICE_KEY. The server's
 * username signs in nowhere here: the server is in the broker's process (in-process-bridge.ts).
 */
export async function identify(
  app: FastifyInstance,
  username: string,
  password: Buffer | undefined,
): Promise<BrokerIdentity | undefined> {
  if (username === WEB_BROKER_USERNAME) {
    if (!password || password.length > 4096) return undefined;
    const claims = app.jwt.verify<{ sub: string; ver?: unknown; exp: number }>(password.toString('utf8'));
    // As over HTTP: the user must be active, the token of its current version, no password change pending.
    const user = await findActiveSessionUser(app.db, Number(claims.sub));
    if (!user || claims.ver !== user.tokenVersion || user.mustChangePassword) return undefined;
    return {
      role: 'web',
      userId: user.id,
      username: user.username,
      permission: user.permission,
      tokenVersion: user.tokenVersion,
      expiresAt: claims.exp,
    };
  }
  const device = deviceIdentity(username);
  if (!device) return undefined;
  if (device.role === 'robot' || device.role === 'controller') {
    const named =
      device.role === 'robot'
        ? { kind: 'robot' as const, sn: device.sn }
        : { kind: 'controller' as const, trackId: device.trackId };
    return (await app.deviceCredentials.verify(named, password)) ? device : undefined;
  }
  // The on-site server and the tablet sign in with the shared key only.
  return app.secrets.deviceKey && sameSecret(password, app.secrets.deviceKey) ? device : undefined;
}
