import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type Secrets = { jwtSecret: string; deviceKey: string; serverBrokerPassword: string };

/**
 * Secrets not given by the environment are generated once into `DATA_DIR/secrets.json`
 * (mode 600) and reused on every later start.
 */
export async function loadSecrets(dataDir: string, given: { jwtSecret?: string; deviceKey?: string }): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    stored = {};
  }
  const generated: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(32).toString('base64url'),
    deviceKey: stored.deviceKey ?? randomBytes(24).toString('base64url'),
    serverBrokerPassword: stored.serverBrokerPassword ?? randomBytes(24).toString('base64url'),
  };
  if (JSON.stringify(generated) !== JSON.stringify(stored)) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  }
  return {
    ...generated,
    jwtSecret: given.jwtSecret ?? generated.jwtSecret,
    deviceKey: given.deviceKey ?? generated.deviceKey,
  };
}
