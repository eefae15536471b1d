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
