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

/**
 * Reads the expiry (`exp`, seconds) of a JWT without verifying it: the server verifies every call.
 * Only `exp` is read, by hand rather than with the protocol's claims schema, so the login route
 * does not load the schema library. Null when the token cannot be read.
 */
export function readTokenExpiry(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(parts[1]));
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** Spec section 4: a token whose exp claim is past (or that cannot be read) ends the session. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = readTokenExpiry(token);
  return exp === null || exp * 1000 <= now;
}

/** Called once at start (spec section 4): an expired or unreadable stored token signs the user out. */
export function dropExpiredToken(now: number = Date.now()): void {
  const token = tokenStore.get();
  if (token && isTokenExpired(token, now)) tokenStore.clear();
}
