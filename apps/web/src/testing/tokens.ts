function base64UrlJson(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT-shaped token with the given claims (the web app never verifies signatures). */
export function fakeToken(claims: Record<string, unknown>): string {
  return `${base64UrlJson({ alg: 'HS256', typ: 'JWT' })}.${base64UrlJson(claims)}.signature`;
}

export function tokenFor(permission: number, expiresInSeconds = 3600, now = Date.now()): string {
  return fakeToken({
    sub: '1',
    username: 'admin',
    permission,
    exp: Math.floor(now / 1000) + expiresInSeconds,
    aud: 'railserve-console',
  });
}
