import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-pass' };
const TOKEN_KEY = 'railserve.token';
const LOCALE_KEY = 'railserve.locale';

type Envelope<T> = { success: boolean; data: T; code?: string; message?: string };

/**
 * Tokens by request context (one test's, or a context a test made) and account: a sign-in costs
 * the server a scrypt derivation, so each account signs in once per context, not once per call.
 */
const tokens = new WeakMap<APIRequestContext, Map<string, Promise<string>>>();

async function signInOverApi(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/v1/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as Envelope<{ token: string }>).data.token;
}

export function apiToken(request: APIRequestContext, username = ADMIN.username, password = ADMIN.password) {
  const known = tokens.get(request) ?? new Map<string, Promise<string>>();
  tokens.set(request, known);
  const account = `${username}\n${password}`;
  let token = known.get(account);
  if (!token) {
    token = signInOverApi(request, username, password);
    known.set(account, token);
    token.catch(() => known.delete(account));
  }
  return token;
}

let serial = 0;
/** Creates a user through the API as admin; answers its name and password. */
export async function createUser(request: APIRequestContext, permission: 0 | 1 | 2 | 3, extra: { nickname?: string } = {}) {
  const token = await apiToken(request);
  const username = `e2e_l${permission}_${Date.now().toString(36)}${++serial}`;
  const password = 'secret-pass';
  const res = await request.post('/api/v1/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { username, password, permission, nickname: extra.nickname },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password, id: ((await res.json()) as Envelope<{ id: number }>).data.id };
}

/** Sets the language before the app loads (for one page, or every page of a context). */
export async function useLocale(page: Page | BrowserContext, locale: 'zh-TW' | 'en') {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LOCALE_KEY, locale] as const);
}

/** Signs in through the login screen, the way a person does. */
export async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password) {
  await page.goto('/login');
  await page.getByTestId('login-submit').waitFor();
  await page.locator('input#username, input[autocomplete="username"]').first().fill(username);
  await page.locator('input[type="password"]').first().fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in by placing a token, for tests about what comes after sign-in (one page, or every page of a context). */
export async function signInWithToken(
  page: Page | BrowserContext,
  request: APIRequestContext,
  username: string,
  password: string,
) {
  const token = await apiToken(request, username, password);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  return token;
}
