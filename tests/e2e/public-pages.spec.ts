/**
 * Every public page (web/app/publicPages.ts and the sign-in page) at 1440 and 390 px: no sideways
 * scroll and no element wider than its column (issue 27: the public pages' stylesheet lacked a
 * component's file, web/app/publicPageStyles.ts, and the signup page's plan radios were drawn as
 * discs wider than the form). A page whose link is unknown is checked in the state a stale link shows.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { PUBLIC_PAGES } from '../../web/app/publicPages';
import { expect, expectNoSidewaysScroll, newSchool, signInWithApi, test, waitForIdle, type School } from './support/fixtures';

const require = createRequire(import.meta.url);
const WIDTHS = [1440, 390] as const;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Every Mantine class name that Mantine's whole stylesheet gives a rule. */
const MANTINE_CLASSES = new Set(readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8').match(/\.m_[0-9a-f]{8}\b/g)!.map((c) => c.slice(1)));

/**
 * The Mantine classes on the page's elements that have rules in Mantine's stylesheet but none in
 * the sheets the page loaded: a component whose file web/app/publicPageStyles.ts lacks.
 */
async function unstyledMantineClasses(page: Page): Promise<string[]> {
  const { onPage, styled } = await page.evaluate(() => {
    const classes = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[class]'))) {
      for (const c of Array.from(el.classList)) if (/^m_[0-9a-f]{8}$/.test(c)) classes.add(c);
    }
    const rules: string[] = [];
    const walk = (list: CSSRuleList) => {
      for (const rule of Array.from(list)) {
        if (rule instanceof CSSStyleRule) rules.push(rule.selectorText);
        if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const text = rules.join(' ');
    return { onPage: [...classes], styled: [...classes].filter((c) => text.includes(`.${c}`)) };
  });
  return onPage.filter((c) => MANTINE_CLASSES.has(c) && !styled.includes(c)).sort();
}

let school: School;
let providerId = '';

test.beforeAll(async ({ browser }) => {
  school = await newSchool();
  const page = await browser.newPage();
  providerId = (await signInWithApi(page, 'superadmin')).user._id;
  await page.close();
});

/** Each public route's address in this run: a real school's or provider's where one shows more. */
function addressOf(route: string): string {
  const real: Record<string, string> = {
    '/signup/:id': `/signup/${providerId}`,
    '/studentSignup/:id': `/studentSignup/${school.adminId}`,
    '/widget/store/:id': `/widget/store/${school.adminId}`,
    '/widget/:kind/:id': `/widget/plans/${school.adminId}`,
  };
  return real[route] ?? route.replace(/:[a-z]+/gi, UNKNOWN);
}

/** The sign-in page, every public route, and the other widgets of /widget/:kind/:id. */
const addresses = () => ['/login', ...Object.keys(PUBLIC_PAGES).map(addressOf),
  ...['login', 'student-login', 'register'].map((kind) => `/widget/${kind}/${school.adminId}`)];

for (const width of WIDTHS) {
  test(`every public page fits its columns at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const address of addresses()) {
      await test.step(address, async () => {
        await page.goto(address);
        await expect(page.locator('h1, h2, [role=alert]').first()).toBeVisible();
        await waitForIdle(page);
        await expectNoSidewaysScroll(page);
        expect.soft(await unstyledMantineClasses(page), 'Mantine classes on the page with none of their rules loaded').toEqual([]);
      });
    }
  });
}

test('the signup page draws each plan radio as a small circle beside its plan', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/signup/${providerId}`);
    const radios = page.getByRole('radiogroup', { name: 'Choose your plan' }).getByRole('radio');
    await expect(radios.first()).toBeVisible();
    // The circle drawn is the input's box (Mantine's Radio-inner), its icon inside it.
    const circles = await radios.evaluateAll((inputs) => inputs.map((input) => {
      const box = input.parentElement!.getBoundingClientRect();
      return { width: Math.round(box.width), height: Math.round(box.height) };
    }));
    expect(circles.length).toBeGreaterThan(1);
    for (const circle of circles) {
      expect(circle.width, `a radio at ${width} px`).toBeLessThanOrEqual(24);
      expect(circle.height, `a radio at ${width} px`).toBeLessThanOrEqual(24);
    }
  }
});
