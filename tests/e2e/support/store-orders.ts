import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** On an order's page, staff pick a new status in "Change status" and press Update status. */
export async function chooseOrderStatus(page: Page, label: string): Promise<void> {
  const control = page.getByRole('form', { name: 'Change status' });
  await control.getByRole('textbox', { name: 'New status' }).or(control.getByRole('combobox', { name: 'New status' })).first().click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await control.getByRole('button', { name: 'Update status' }).click();
}

/** Moves the open order to a status that needs no confirmation, and sees it in the history. */
export async function moveOrderTo(page: Page, label: string): Promise<void> {
  await chooseOrderStatus(page, label);
  await expect(page.getByText('Order status updated')).toBeVisible();
  await expect(page.getByLabel('Status history')).toContainText(label);
}
