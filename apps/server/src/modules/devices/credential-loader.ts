import type { DeviceKind } from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { type CredentialRow, findCredentials } from './repository.ts';

/** The most identities one read asks for. */
const MAX_BATCH = 500;

type Waiting = {
  kind: DeviceKind;
  identity: string;
  resolve: (row: CredentialRow | undefined) => void;
  reject: (error: unknown) => void;
};

/**
 * Reads device credentials for sign-ins, many in one query: the first sign-in's read goes out at
 * once, and those arriving while it is out are read together in the next one. A fleet signing in
 * again after a broker restart then costs a few dozen queries instead of one each, which the
 * embedded database (one connection) would otherwise run one after the other while every CONNACK
 * waits (docs/benchmarks.md, "Device identity").
 */
export function createCredentialLoader(db: Database) {
  let queue: Waiting[] = [];
  let running = false;

  const drain = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      try {
        const rows = await findCredentials(db, batch);
        const byKey = new Map(rows.map((row) => [`${row.kind}:${row.identity}`, row]));
        for (const waiting of batch) waiting.resolve(byKey.get(`${waiting.kind}:${waiting.identity}`));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    running = false;
  };

  return (kind: DeviceKind, identity: string) =>
    new Promise<CredentialRow | undefined>((resolve, reject) => {
      queue.push({ kind, identity, resolve, reject });
      if (!running) void drain();
    });
}
