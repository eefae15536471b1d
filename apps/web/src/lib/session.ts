import { type TokenClaims, tokenClaims } from '@railserve/protocol';

export const TOKEN_STORAGE_KEY = 'railserve.token';

type Listener = () => void;
const listeners = new Set<Listener>();

function readStorage(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

let currentToken: string | null = readStorage();

function emit() {
  for (const listener of listeners) listener();
}

/** The session token lives in localStorage; this module is the only reader and writer. */
export const tokenStore = {
  get: (): string | null => currentToken,
  set(token: string) {
    currentToken = token;
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    emit();
  },
  clear() {
    const had = currentToken !== null;
    currentToken = null;
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    if (had) emit();
  },
  /** Re-reads storage (another tab may have signed in or out). */
  reload() {
    const stored = readStorage();
    if (stored === currentToken) return;
    currentToken = stored;
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of a JWT without verifying it (the server verifies); null when unreadable. */
export function readTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const parsed = tokenClaims.safeParse(JSON.parse(decodeBase64Url(parts[1])));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Spec section 4: a token whose exp claim is past (or that cannot be read) ends the session. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const claims = readTokenClaims(token);
  if (!claims) return true;
  return claims.exp * 1000 <= now;
}

/** Called once at start (spec section 4): an expired or unreadable stored token signs the user out. */
export function dropExpiredToken(now: number = Date.now()): void {
  const token = tokenStore.get();
  if (token && isTokenExpired(token, now)) tokenStore.clear();
}
