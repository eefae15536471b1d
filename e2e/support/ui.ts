import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of an Ant Design select by its label. The options live in a dropdown portal
 * outside the select; the open one is the dropdown that is not hidden, and each option carries
 * its label as its title. Searchable selects are narrowed by typing the label first.
 */
export async function chooseOption(page: Page, select: Locator, label: string) {
  await select.click();
  // The option list is virtual: in a searchable select, narrow it so the option is rendered.
  const search = select.locator('input');
  if (await search.isEditable()) await search.fill(label);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(label, { exact: true });
  await option.click();
  await expect(select).toContainText(label);
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
