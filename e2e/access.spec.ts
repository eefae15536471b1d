import { expect, test } from '@playwright/test';
import { apiToken, createUser, signInWithToken, useLocale } from './support/session.ts';

// Spec section 6: what each level sees in the sidebar and where its guards send it.
const ENTRIES = [
  'Dashboard',
  'Session list',
  'Create session',
  'Track list',
  'Create track',
  'Robots',
  'User list',
  'Create user',
  'Logs',
  'System updates',
  'Audit log',
  'Alarm settings',
];
const SIDEBAR: Record<number, string[]> = {
  0: ENTRIES,
  1: ENTRIES,
  2: ['Dashboard', 'Session list', 'Track list', 'Robots', 'User list', 'Logs', 'System updates'],
  3: ['Dashboard', 'Session list', 'Track list', 'Robots'],
};
const GROUPS: Record<number, string[]> = {
  0: ['Sessions', 'Tracks', 'Users', 'System'],
  1: ['Sessions', 'Tracks', 'Users', 'System'],
  2: ['Sessions', 'Tracks', 'Users', 'System'],
  3: ['Sessions', 'Tracks'],
};
const ALLOWED: Record<number, string[]> = {
  2: ['/sessions/create', '/tracks/create', '/users', '/logs', '/system-updates'],
  3: ['/sessions', '/tracks', '/robots'],
};
const DENIED: Record<number, string[]> = {
  2: ['/users/create', '/audit', '/alarm-settings'],
  3: ['/users', '/sessions/create', '/tracks/create', '/logs', '/system-updates', '/audit', '/alarm-settings'],
};

for (const level of [0, 1, 2, 3] as const) {
  test(`level ${level}: sidebar entries and route guards`, async ({ page, request }) => {
    const user = await createUser(request, level);
    await useLocale(page, 'en');
    await signInWithToken(page, request, user.username, user.password);
    await page.goto('/dashboard');
    const sidebar = page.getByTestId('sidebar');
    const visibleEntries = async () => sidebar.locator('.ant-menu-item .ant-menu-title-content').allInnerTexts();
    // The menu renders once the user's profile has loaded: wait for it before looking at groups.
    await expect(sidebar.locator('.ant-menu-item', { hasText: 'Dashboard' })).toBeVisible();
    const groups = sidebar.locator('.ant-menu-submenu-title');
    await expect(groups).toHaveText(GROUPS[level]);
    const seen = new Set(await visibleEntries());
    // Submenus may close one another, so open each in turn and collect what it shows.
    for (const group of GROUPS[level]) {
      const submenu = groups.filter({ hasText: group });
      if ((await submenu.getAttribute('aria-expanded')) !== 'true') await submenu.click();
      await expect(submenu).toHaveAttribute('aria-expanded', 'true');
      const items = submenu.locator('xpath=..').locator('.ant-menu-item');
      await expect(items.first()).toBeVisible();
      for (const entry of await visibleEntries()) seen.add(entry);
    }
    expect([...seen].filter((e) => ENTRIES.includes(e)).sort()).toEqual([...SIDEBAR[level]].sort());
    for (const path of ALLOWED[level] ?? []) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    }
    for (const path of DENIED[level] ?? []) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/dashboard$/);
    }
  });
}

test('not signed in: a protected route goes to login', async ({ page }) => {
  await page.goto('/robots');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired token signs the user out at start', async ({ page }) => {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const expired = `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 })}.x`;
  await page.addInitScript((token) => localStorage.setItem('railserve.token', token), expired);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a 401 from the server sends the browser to login', async ({ page, request }) => {
  const user = await createUser(request, 2);
  await signInWithToken(page, request, user.username, user.password);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/users$/);
  // The account goes away while the page is open: the next call answers 401.
  const admin = await apiToken(request);
  const res = await request.delete(`/api/v1/users/${user.id}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test('the sidebar collapses by itself at narrow widths', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const user = await createUser(request, 0);
  await signInWithToken(page, request, user.username, user.password);
  await page.goto('/dashboard');
  const box = await page.getByTestId('sidebar').boundingBox();
  expect(box === null || box.width <= 64 || box.x + box.width <= 0).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(200);
});
