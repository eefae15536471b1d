import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config.ts';

/** `updateSigningKey`: the Ed25519 private key (PKCS#8 DER, base64url) that signs update files (lib/update-signing.ts). */
export type Secrets = { jwtSecret: string; deviceKey: string; serverBrokerPassword: string; updateSigningKey: string };

const KEYS = ['jwtSecret', 'deviceKey', 'serverBrokerPassword', 'updateSigningKey'] as const;

/** A fresh Ed25519 private key in the form secrets.json keeps. */
export const generateUpdateSigningKey = () =>
  generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url');

function isEd25519Key(text: string) {
  try {
    return (
      createPrivateKey({ key: Buffer.from(text, 'base64url'), format: 'der', type: 'pkcs8' }).asymmetricKeyType === 'ed25519'
    );
  } catch {
    return false;
  }
}

/** The stored secrets; an absent file is a first start, anything else unreadable stops the start. */
async function readStored(file: string): Promise<Partial<Secrets>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(
      `Cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): fix its permissions or restore it; the server will not replace the keys devices and sessions use`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const valid =
    parsed !== null &&
    typeof parsed === 'object' &&
    !Array.isArray(parsed) &&
    KEYS.every((key) => {
      const value = (parsed as Record<string, unknown>)[key];
      return value === undefined || (typeof value === 'string' && value.length >= 16);
    }) &&
    ((parsed as Record<string, unknown>).updateSigningKey === undefined ||
      isEd25519Key((parsed as Record<string, string>).updateSigningKey));
  if (!valid) {
    throw new ConfigError(
      `${file} is damaged: restore it from a backup, or delete it to generate new keys (every device and session must then be given the new ones)`,
    );
  }
  return parsed as Partial<Secrets>;
}

/**
 * Secrets not given by the environment are generated once into `DATA_DIR/secrets.json` and reused
 * on every later start. A file that exists but cannot be read or parsed stops the start with one
 * clear line: silently generating new keys would lock out every robot (DEVICE_KEY) and sign out
 * every user (JWT_SECRET). The file is written whole or not at all (a temporary file renamed into
 * place), readable by its owner only (0600), in a DATA_DIR only its owner can enter (0700).
 */
export async function loadSecrets(dataDir: string, given: { jwtSecret?: string; deviceKey?: string }): Promise<Secrets> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, 'secrets.json');
  const stored = await readStored(file);
  const generated: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(32).toString('base64url'),
    deviceKey: stored.deviceKey ?? randomBytes(24).toString('base64url'),
    serverBrokerPassword: stored.serverBrokerPassword ?? randomBytes(24).toString('base64url'),
    updateSigningKey: stored.updateSigningKey ?? generateUpdateSigningKey(),
  };
  if (JSON.stringify(generated) !== JSON.stringify(stored)) {
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flush: true });
    await rename(temporary, file);
  }
  // A file from an older version may have been created with looser modes.
  await chmod(file, 0o600).catch(() => {});
  return {
    ...generated,
    jwtSecret: given.jwtSecret ?? generated.jwtSecret,
    deviceKey: given.deviceKey ?? generated.deviceKey,
  };
}
