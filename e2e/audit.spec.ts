import { expect, test } from '@playwright/test';
import { createUser, signInWithToken, useLocale } from './support/session.ts';

// Spec section 2 (audit screen) and DESIGN section 3: every change is audited with its old and
// new values, and the detail shows them side by side.

test('a nickname change through the users form shows its old and new nickname side by side', async ({ page, request }) => {
  const admin = await createUser(request, 0);
  const waiter = await createUser(request, 3, { nickname: 'Amy' });
  await useLocale(page, 'en');
  await signInWithToken(page, request, admin.username, admin.password);

  await page.goto(`/users?q=${waiter.username}`);
  await page
    .getByRole('row', { name: new RegExp(waiter.username) })
    .getByRole('button', { name: 'Edit' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/users/${waiter.id}/edit$`));
  const form = page.getByTestId('user-form');
  await expect(form.getByLabel('Nickname')).toHaveValue('Amy');
  await form.getByLabel('Nickname').fill('Amy Chen');
  await form.getByRole('button', { name: /save/i }).click();
  await expect(page).not.toHaveURL(/\/edit$/);

  await page.goto('/audit');
  await page.getByTestId('audit-filter-target').fill(`users/${waiter.id}`);
  await page.getByTestId('audit-filter-apply').click();
  await expect(page).toHaveURL(new RegExp(`target=users%2F${waiter.id}`));
  // The filter matches by substring: take the record whose target is exactly this user (shown by name).
  const record = page
    .getByTestId('audit-table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: `User #${waiter.id}`, exact: true }) });
  await expect(record).toHaveCount(1);
  await expect(record).toContainText('User management');
  await expect(record).toContainText(admin.username);
  await record.getByTestId('audit-open-detail').click();

  const detail = page.getByTestId('audit-detail');
  await expect(detail.getByTestId('audit-detail-fields')).toContainText(`User #${waiter.id}`);
  const nickname = detail.getByTestId('audit-diff-row-nickname');
  await expect(nickname).toHaveAttribute('data-changed', 'true');
  const cells = nickname.getByRole('cell');
  await expect(cells.nth(0)).toContainText(/nickname/i);
  await expect(cells.nth(1)).toHaveText('Amy');
  await expect(cells.nth(2)).toHaveText('Amy Chen');
  // The old and new values are the table's two value columns, next to each other.
  const headers = detail.getByTestId('audit-diff').getByRole('columnheader');
  await expect(headers.nth(1)).toHaveText('Old values');
  await expect(headers.nth(2)).toHaveText('New values');
  const [oldBox, newBox] = [await cells.nth(1).boundingBox(), await cells.nth(2).boundingBox()];
  expect(oldBox && newBox && Math.abs(oldBox.y - newBox.y) < 1 && oldBox.x < newBox.x).toBe(true);
});
