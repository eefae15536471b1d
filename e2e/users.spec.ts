import { expect, test } from '@playwright/test';
import { createUser, signInWithToken, useLocale } from './support/session.ts';
import { expectReadsAsText, infoValue } from './support/ui.ts';

test.describe('users', () => {
  test.beforeEach(async ({ page, request }) => {
    const admin = await createUser(request, 0);
    await useLocale(page, 'en');
    await signInWithToken(page, request, admin.username, admin.password);
  });

  test('create with its errors, edit, view read-only and delete', async ({ page }) => {
    const name = `waiter_${Date.now().toString(36)}`;
    await page.goto('/users');
    await page.getByTestId('users-create').click();
    await expect(page).toHaveURL(/\/users\/create$/);
    const form = page.getByTestId('user-form');

    await form.getByLabel('Username').fill('bad name!');
    await form.getByLabel('Password', { exact: true }).fill('123');
    await form.getByLabel('Confirm password').fill('456');
    await form.getByRole('button', { name: /save|create/i }).click();
    await expect(form.getByText('Username may contain only letters, digits and underscores')).toBeVisible();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(form.getByText('Passwords do not match')).toBeVisible();

    await form.getByLabel('Username').fill(name);
    await form.getByLabel('Nickname').fill('Amy');
    await form.getByLabel('Password', { exact: true }).fill('secret-1');
    await form.getByLabel('Confirm password').fill('secret-1');
    await form.getByRole('button', { name: /save|create/i }).click();
    await expect(page).not.toHaveURL(/\/users\/create$/);

    await page.goto(`/users?q=${name}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Amy');
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/users\/\d+\/edit$/);
    await expect(page.getByTestId('user-form').getByLabel('Username')).toBeDisabled();
    await page.getByTestId('user-form').getByLabel('Nickname').fill('Amy Chen');
    await page.getByTestId('user-form').getByRole('button', { name: /save/i }).click();
    await expect(page).not.toHaveURL(/\/edit$/);

    await page.goto(`/users?q=${name}`);
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: 'View' })
      .click();
    await expect(page).toHaveURL(/\/users\/\d+\/info$/);
    const info = page.getByTestId('user-info');
    await expectReadsAsText(info);
    await expect(infoValue(info, 'Username')).toHaveText(name);
    await expect(infoValue(info, 'Nickname')).toHaveText('Amy Chen');
    await expect(info).not.toContainText('Password');

    await page.goto(`/users?q=${name}`);
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByTestId('user-delete')
      .click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('a taken username is refused by the server and shown on the field', async ({ page, request }) => {
    const existing = await createUser(request, 3);
    await page.goto('/users/create');
    const form = page.getByTestId('user-form');
    await form.getByLabel('Username').fill(existing.username);
    await form.getByLabel('Password', { exact: true }).fill('secret-1');
    await form.getByLabel('Confirm password').fill('secret-1');
    await form.getByRole('button', { name: /save|create/i }).click();
    await expect(page.getByText(/taken|already/i).first()).toBeVisible();
    await expect(page).toHaveURL(/\/users\/create$/);
  });

  test('nobody can delete their own account', async ({ page }) => {
    await page.goto('/users');
    const self = page.getByRole('row', { name: /\(you\)/ });
    await expect(self.getByTestId('user-delete')).toBeDisabled();
  });
});
