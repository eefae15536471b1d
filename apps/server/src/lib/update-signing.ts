import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { updateSignedStatement } from '@railserve/protocol';

type SignedFile = { version: string; size: number; sha256: string };

export type UpdateSigner = {
  /** The public key as `GET /api/version` publishes it: the raw 32 bytes, base64. */
  publicKey: string;
  /** The base64 Ed25519 signature of the file's statement (protocol `updateSignedStatement`). */
  sign(file: SignedFile): string;
  /** True when `signature` is this key's signature of the file's statement. */
  verify(file: SignedFile, signature: string | null): boolean;
};

/**
 * Update files are signed with the server's Ed25519 key (secrets.json `updateSigningKey`). What
 * is signed is a short statement naming the version, size and SHA-256 of the bytes, not the bytes
 * themselves: a device hashes what it downloaded and checks the statement, so a firmware image of
 * 256 MiB never has to be held in memory to be checked, and signing never rereads the file.
 */
export function createUpdateSigner(privateKeyText: string): UpdateSigner {
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.from(privateKeyText, 'base64url'), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  const statement = (file: SignedFile) => Buffer.from(updateSignedStatement(file));
  return {
    publicKey: raw.toString('base64'),
    sign: (file) => sign(null, statement(file), privateKey).toString('base64'),
    verify: (file, signature) => signature !== null && verify(null, statement(file), publicKey, Buffer.from(signature, 'base64')),
  };
}
