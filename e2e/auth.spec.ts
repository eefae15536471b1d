import { expect, test } from '@playwright/test';
import { ADMIN, signIn, useLocale } from './support/session.ts';

test.describe('sign-in', () => {
  test('the root goes to the login screen, in Traditional Chinese by default', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-app-title')).toHaveText('軌道送餐機器人管理系統');
    await expect(page.getByTestId('login-submit')).toHaveText(/登\s*入/);
  });

  // The sign-in screen's weight goal (docs/benchmarks.md, "Weight of the login route"): a size, not a time.
  test('the sign-in screen takes at most 250 kB of JavaScript over the wire', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Set<string>();
    let bytes = 0;
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
    });
    await page.goto('/login');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(250_000);
  });

  test('asks for both fields, and explains a wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toContainText('請輸入帳號和密碼');
    await page.getByLabel('帳號').fill('admin');
    await page.getByLabel('密碼').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toContainText('登入失敗');
  });

  test('switches to English, keeps it across a reload, and signs in', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('language-select').click();
    await page.getByTitle('English').click();
    await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
    await page.reload();
    await expect(page.getByTestId('login-submit')).toHaveText('Sign in');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('app-title')).toHaveText('RailServe Serving Robot Management System');
    await expect(page.getByText('Administrator').first()).toBeVisible();
    await expect(page).toHaveTitle(/Dashboard/);
  });

  test('shows the live connection as connected, and signs out', async ({ page }) => {
    await useLocale(page, 'zh-TW');
    await signIn(page);
    await expect(page.getByTestId('app-title')).toHaveText('RailServe 軌道送餐機器人管理系統');
    await expect(page.getByRole('banner').getByText('已連線')).toBeVisible();
    await page.getByTestId('logout-button').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in user visiting /login goes to the dashboard', async ({ page }) => {
    await signIn(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
