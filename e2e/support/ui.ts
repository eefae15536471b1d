import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of an Ant Design select by its label. The options live in a dropdown portal
 * outside the select; the open one is the dropdown that is not hidden, and each option carries
 * its label as its title. Searchable selects are narrowed by typing the label first. A select
 * waits until it is enabled (a click on a disabled one opens nothing), and the pick is tried again
 * when the options were replaced under the click (a list read again as the dropdown opened).
 */
export async function chooseOption(page: Page, select: Locator, label: string) {
  await expect(select).not.toHaveClass(/ant-select-disabled/, { timeout: 30_000 });
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if (!/\bant-select-open\b/.test((await select.getAttribute('class')) ?? '')) await select.click();
    // The option list is virtual: in a searchable select, narrow it so the option is rendered.
    const search = select.locator('input');
    if (await search.isEditable()) await search.fill(label);
    await dropdown.getByTitle(label, { exact: true }).click({ timeout: 5_000 });
    await expect(select).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** The value an info view shows for a label (an Ant Design Descriptions row). */
export function infoValue(view: Locator, label: string) {
  return view
    .locator('tr')
    .filter({ has: view.page().locator('.ant-descriptions-item-label').getByText(label, { exact: true }) })
    .locator('.ant-descriptions-item-content');
}

/** An info view reads as text: no input, select or switch, and no required mark. */
export async function expectReadsAsText(view: Locator) {
  await expect(view).toBeVisible();
  await expect(view.locator('input, textarea, .ant-select, .ant-switch, .ant-form-item-required')).toHaveCount(0);
}
