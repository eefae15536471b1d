import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP's current scrypt parameters (Password Storage Cheat Sheet): N=2^17, r=8, p=1. */
export const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes (128 MiB at the parameters above); Node refuses more than maxmem. */
const MAX_MEM = 256 * 1024 * 1024;
/** Derivations at once: each holds 128 MiB and a core, so a burst queues instead of exhausting memory. */
const MAX_CONCURRENT = 2;

/** How many scrypt derivations ran: the sign-in limits are proven to refuse before hashing by it. */
export const passwordWork = { derivations: 0 };

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  passwordWork.derivations++;
  return withSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash`: the parameters are stored, so a hash made with older ones can be recognised and redone. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT.N, SCRYPT.r, SCRYPT.p);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const parse = (stored: string) => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const params = { n: Number(n), r: Number(r), p: Number(p) };
  const sane =
    scheme === 'scrypt' &&
    salt &&
    hash &&
    Number.isSafeInteger(params.n) &&
    params.n > 1 &&
    params.n <= SCRYPT.N &&
    params.r >= 1 &&
    params.r <= 32 &&
    params.p >= 1 &&
    params.p <= 16;
  return sane ? { ...params, salt, hash } : undefined;
};

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, 'base64url');
  const key = await derive(password, Buffer.from(parsed.salt, 'base64url'), parsed.n, parsed.r, parsed.p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash was made with other parameters than today's: re-hash it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.n !== SCRYPT.N || parsed.r !== SCRYPT.r || parsed.p !== SCRYPT.p;
}

let decoy: Promise<string> | undefined;
/** A hash to compare against when the user does not exist, so timing does not reveal it (made once, when first needed). */
export const decoyHash = () => {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  return decoy;
};
