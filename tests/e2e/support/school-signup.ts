import type { Page } from '@playwright/test';
import { typeCard } from './fixtures';

/** What a new school types at /signup/{id}; the rest is a plausible owner in Boston. */
export type SchoolSignupEntry = {
  schoolName: string;
  username: string;
  email: string;
  /** Typed key by key, as a person does (the page formats US numbers as they are typed). */
  phones: { phone: string; working: string; cell: string };
  contactEmail?: string;
  address?: { line1: string; city: string; state: string; postalCode: string; country: string };
  timeZone?: string;
  password?: string;
};

export const SIGNUP_PASSWORD = 'Str0ng!pass';
const BOSTON = { line1: '12 Elm St', city: 'Boston', state: 'MA', postalCode: '02101', country: 'US' };

/**
 * Fills the school signup form (Owner Info, School Info, the card and Customer Type) for a paid
 * plan already chosen; the calling test presses Register. One place for the form's labels, so a test that
 * signs a school up says only what it tests.
 */
export async function fillSchoolSignup(page: Page, entry: SchoolSignupEntry): Promise<void> {
  const field = (label: string) => page.getByLabel(label, { exact: true });
  const address = entry.address ?? BOSTON;
  const password = entry.password ?? SIGNUP_PASSWORD;
  await field('First Name').fill('Nora');
  await field('Last Name').fill('Lind');
  for (const [label, value] of [['Phone Number', entry.phones.phone], ['Working Phone', entry.phones.working], ['Cell Phone', entry.phones.cell]] as const) {
    await field(label).fill('');
    await field(label).pressSequentially(value);
  }
  if (entry.contactEmail) await field('Contact Person Email').fill(entry.contactEmail);
  await field('School Name').fill(entry.schoolName);
  await field('Username').fill(entry.username);
  await field('Password').fill(password);
  await field('Confirm Password').fill(password);
  await field('Email').fill(entry.email);
  await field('Address 1').fill(address.line1);
  await field('City').fill(address.city);
  await field('State').fill(address.state);
  await field('Postal Code').fill(address.postalCode);
  await field('Country').fill(address.country);
  if (entry.timeZone) await field('Time Zone').selectOption(entry.timeZone);
  await typeCard(page);
  await field('Customer Type').selectOption('BUSINESS');
}
