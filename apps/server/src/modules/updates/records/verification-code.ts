import { randomInt } from 'node:crypto';
import { UPDATE_LIMITS } from '@railserve/protocol';
import { sameSecret } from '../../../lib/device-credentials.ts';

/** Without 0/O, 1/I/L: a code read aloud or typed from a screen is not mistaken. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh verification code for an update record (cryptographically random). */
export function generateVerificationCode(): string {
  let code = '';
  for (let i = 0; i < UPDATE_LIMITS.verificationCodeLength; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Constant-time comparison; case-insensitive, as codes are shown in upper case. */
export const codeMatches = (given: string, expected: string) => sameSecret(given.trim().toUpperCase(), expected);
