/**
 * What the end-to-end specs share: the demo people, signing in (through the form or, when the
 * form is not what a test is about, through the API), the sidebar as a user sees it and the
 * menu the shared tables promise, and the captured mail.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import { DateTime } from 'luxon';
import { menuFor, showSupportLink, type MenuContext, type MenuEntry } from '../../../shared/menus';
import { matchRoute, pathMatches, routesFor } from '../../../shared/routes';
import { greetingFor } from '../../../shared/constants';
import { homePathFor, type Role } from '../../../shared/roles';
import type { LoginResult, SessionUser } from '../../../shared/contracts/auth';
import { LOGIN_AS_TOKEN_COOKIE, TOKEN_COOKIE } from '../../../web/lib/cookies';
import { LOGIN_AS_USER_KEY, USER_KEY } from '../../../web/lib/session';
import { PAGES } from '../../../web/app/pages';
import { APP_URL, JOBS_API_URL, MAIL_API_URL, SCHOOLS_API_URL, TEST_CARD_CODE, type CapturedEmail } from './constants';

export { expect };

export const DEMO_PASSWORD = 'Demo@12345';

export type DemoLogin = { username: string; first: string; last: string; role: Role };

/** The eight demo logins of the issue (server/db/seed-demo.ts), with who they are. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { username: 'superadmin', first: 'Adrian', last: 'Cole', role: 'superadmin' },
  { username: 'admin', first: 'Eleanor', last: 'Whitfield', role: 'admin' },
  { username: 'subadmin', first: 'Marcus', last: 'Bell', role: 'subadmin' },
  { username: 'teacher', first: 'Sofia', last: 'Marin', role: 'teacher' },
  { username: 'student', first: 'Lily', last: 'Chen', role: 'student' },
  { username: 'parent', first: 'Grace', last: 'Chen', role: 'parent' },
  { username: 'admin2', first: 'Henry', last: 'Alvarez', role: 'admin' },
  { username: 'privateteacher', first: 'Clara', last: 'Jensen', role: 'admin' },
];

export function demo(username: string): DemoLogin {
  const login = DEMO_LOGINS.find((l) => l.username === username);
  if (!login) throw new Error(`No demo login ${username}`);
  return login;
}

export const fullName = (p: { first: string; last: string }) => `${p.first} ${p.last}`;

/** Where a role lands, as a URL regex that ignores the query string. */
export function homeUrl(role: Role): RegExp {
  return new RegExp(`^${APP_URL}${homePathFor(role)}(\\?.*)?$`);
}

/** The document title a route of the role's table sets (docs/domains/roles-and-navigation.md "Screens and routes": every route has one). */
export function titleOf(role: Role, path: string): string {
  const route = matchRoute(role, path);
  if (!route) throw new Error(`${role} has no route ${path}`);
  return `${route.title} | Cadenza`;
}

/** The greetings that may be on screen now (both sides of an hour that turns during the check). */
export function currentGreetings(): RegExp {
  const now = new Date();
  const soon = new Date(now.getTime() + 60_000);
  const words = new Set([greetingFor(now.getHours()), greetingFor(soon.getHours())]);
  return new RegExp(`^(${[...words].join('|')})`);
}

// --- A spec's own school ---------------------------------------------------------------------

/**
 * A Riverside Music Academy of a test file's own (docs/decisions/064-each-browser-spec-on-its-own-school.md):
 * the demo's people under the same names, with usernames and emails of their own, so that what a
 * spec saves (a card, a room, a plan) meets no other spec, and a retry (a new worker) starts on a
 * new school. The people, and only the modules' demo data of SCHOOL_DEMO_SEEDERS (server/modules/index.ts).
 */
export type School = {
  adminId: string;
  schoolName: string;
  /** This school's username of a demo username of Riverside's ('admin', 'teacher', 'jackwilson'). */
  login: (demoUsername: string) => string;
  /** This school's address of a demo person's email (Lily Chen: lily.chen.e3@riversidemusic.example). */
  email: (demoEmail: string) => string;
  /** Whether an address is one of this school's people's (the captured mail is every school's). */
  hasAddress: (address: string) => boolean;
  /**
   * Sets this school's clock (docs/decisions/067-a-school-clock-the-test-sets.md): from now on the
   * server reads `instant` as now for this school alone, and runs on from it; with a page, the
   * browser's clock too (Playwright's `page.clock`), so both sides of the test share one time.
   * `instant` is an ISO instant with its offset; `schoolTime` makes one of the school's wall clock.
   */
  setNow: (instant: string, page?: Page) => Promise<void>;
};

/** An instant of the school's wall clock (`2026-05-13`, `10:15`), for `school.setNow`. */
export function schoolTime(date: string, time: string): string {
  return DateTime.fromISO(`${date}T${time}`, { zone: SCHOOL_ZONE }).toISO()!;
}

/** Seeds a new school through serve.ts's test-only door (never the app's API). */
export async function newSchool(): Promise<School> {
  const response = await fetch(SCHOOLS_API_URL, { method: 'POST' });
  expect(response.status, 'a new school').toBe(200);
  const seeded = (await response.json()) as { adminId: string; schoolName: string; suffix: string; logins: Record<string, string> };
  return {
    adminId: seeded.adminId,
    schoolName: seeded.schoolName,
    login: (demoUsername) => {
      const login = seeded.logins[demoUsername];
      if (!login) throw new Error(`No ${demoUsername} in a spec's school (Riverside's people only)`);
      return login;
    },
    email: (demoEmail) => demoEmail.replace('@', `.${seeded.suffix}@`),
    hasAddress: (address) => address.includes(`.${seeded.suffix}@`),
    setNow: async (instant, page) => {
      const set = await fetch(`${SCHOOLS_API_URL}/${seeded.adminId}/clock`, {
        method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: instant }),
      });
      expect(set.status, await set.text()).toBe(200);
      if (page) await page.clock.setSystemTime(new Date(instant));
    },
  };
}

/** The demo's own Riverside, for helpers that take a school and are called without one. */
const DEMO_RIVERSIDE: Pick<School, 'login'> = { login: (demoUsername) => demoUsername };

// --- Signing in -------------------------------------------------------------------------------

export const loginForm = (page: Page) => ({
  username: page.getByLabel('Username', { exact: true }),
  // exact: the visibility toggle's label ("Toggle password visibility") contains the word too.
  password: page.getByLabel('Password', { exact: true }),
  remember: page.getByLabel('Remember Me'),
  submit: page.getByRole('button', { name: 'Sign In' }),
});

/** Signs in through the /login form; the caller checks where it lands. */
export async function signInWithForm(page: Page, username: string, password = DEMO_PASSWORD, remember = false) {
  await page.goto('/login');
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  if (remember) await form.remember.check();
  await form.submit.click();
}

/**
 * For tests about something else than the sign-in form: the session the form would create (the
 * token cookie for the browser session, the user in localStorage), then the user's home, or the
 * page `at` names: a test that starts elsewhere loads the app once, not its home first (a page
 * load is a second or two of this machine's CPU, decision 087).
 */
export async function signInWithApi(page: Page, username: string, { at }: { at?: string } = {}): Promise<LoginResult> {
  const response = await page.request.post('/api/auth/local/login', { data: { username, password: DEMO_PASSWORD, remember: false } });
  expect(response.status(), `sign-in of ${username}`).toBe(200);
  const result = ((await response.json()) as { data: LoginResult }).data;
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: result.token, url: APP_URL, sameSite: 'Lax' }]);
  // Any page of the origin will do to write localStorage; the health check loads no app code.
  await page.goto('/api/health');
  await page.evaluate(([key, user]) => localStorage.setItem(key, user), [USER_KEY, JSON.stringify(result.user)] as const);
  if (at) {
    // Not every such page has the app's header (an invoice to print): the test checks its own page.
    await page.goto(at);
    return result;
  }
  await page.goto(homePathFor(result.user.role));
  await expect(page).toHaveURL(homeUrl(result.user.role));
  await expect(page.getByRole('banner').getByText(`${result.user.first_name} ${result.user.last_name}`, { exact: true })).toBeVisible();
  return result;
}

/**
 * The app's requests a page has in flight (its origin's: /api's data and files, the route
 * preloader's first answers, and a lazy page's script, loaded before the page asks for its data)
 * and how many it has sent, from Playwright's own request events. Another host's (a lesson's
 * player frame) and the chat's socket (/socket.io, whose polling fallback holds a request open) do not count.
 */
type ApiTraffic = { inFlight: Set<Request>; sent: number };
const TRAFFIC = new WeakMap<Page, ApiTraffic>();
const isAppRequest = (url: string) => url.startsWith(`${APP_URL}/`) && !url.startsWith(`${APP_URL}/socket.io/`);
/** Longer than an assertion's 10 s: a page that asks for many lists at once, on two busy cores. */
const IDLE_TIMEOUT = 20_000;

function isNewDocument(page: Page, request: Request): boolean {
  if (!request.isNavigationRequest()) return false;
  try {
    return request.frame() === page.mainFrame();
  } catch {
    // A service worker's request has no frame.
    return false;
  }
}

function watchPage(page: Page): ApiTraffic {
  const known = TRAFFIC.get(page);
  if (known) return known;
  const traffic: ApiTraffic = { inFlight: new Set(), sent: 0 };
  TRAFFIC.set(page, traffic);
  page.on('request', (request) => {
    // A new document: what the old one still had in flight ends with it, though Chromium does not
    // always report such a request as failed (a module chunk asked for just before page.goto kept
    // a build-my-biz run waiting 20 s). A route change inside the app sends no navigation request.
    if (isNewDocument(page, request)) {
      for (const pending of traffic.inFlight) if (!pending.isNavigationRequest()) traffic.inFlight.delete(pending);
    }
    if (!isAppRequest(request.url())) return;
    traffic.inFlight.add(request);
    traffic.sent += 1;
  });
  // A redirect finishes its request and sends a new one; an aborted one (a navigation away) fails.
  const settled = (request: Request) => void traffic.inFlight.delete(request);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return traffic;
}

/** Every page of a context from its first request: `test` hooks each context of the browser (its own and a spec's `browser.newContext()`). */
function watchContext(context: BrowserContext) {
  for (const page of context.pages()) watchPage(page);
  context.on('page', (page) => void watchPage(page));
}

/**
 * Waits until the page has loaded its data: none of the app's requests in flight, no loading
 * placeholder (`aria-busy`), and still so once the page has run a task and drawn two frames, by
 * which time an answer has reached React and a render's follow-up request (the next list, a
 * dependent query) has been sent. It follows the requests themselves, not Playwright's
 * `networkidle`: that is a load event, which a frame added after a request withdraws until the page
 * makes another request (docs/decisions/066-idle-by-requests-and-two-workers.md). `intervals`: how
 * often it looks again (the last repeats); a test that opens hundreds of pages looks more often
 * (decision 090).
 */
export async function waitForIdle(page: Page, { intervals = [50, 100, 250] }: { intervals?: number[] } = {}) {
  const traffic = watchPage(page);
  // FullPageLoader (a route's lazy page, the layout's session) is a status with a loader, not aria-busy.
  const busy = page.locator('[aria-busy="true"], [role="status"]:has(.mantine-Loader-root)');
  const pending = () => [...traffic.inFlight].map((r) => `${r.method()} ${r.url().slice(APP_URL.length)}`).join(', ');
  await expect
    .poll(
      async () => {
        if (traffic.inFlight.size > 0) return `in flight: ${pending()}`;
        if ((await busy.count()) > 0) return 'a loading placeholder (aria-busy)';
        const sent = traffic.sent;
        try {
          await page.evaluate(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 0)));
        } catch {
          return 'navigating';
        }
        if (traffic.sent !== sent || traffic.inFlight.size > 0) return `sent more: ${pending()}`;
        if ((await busy.count()) > 0) return 'a loading placeholder (aria-busy)';
        return 'idle';
      },
      { message: 'the page has loaded its data (no request of the app in flight, nothing aria-busy)', timeout: IDLE_TIMEOUT, intervals },
    )
    .toBe('idle');
}

export async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies(APP_URL)).find((c) => c.name === name)?.value;
}

export async function storedUser(page: Page, key: typeof USER_KEY | typeof LOGIN_AS_USER_KEY = USER_KEY): Promise<SessionUser | null> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), key);
  return raw ? (JSON.parse(raw) as SessionUser) : null;
}

export { LOGIN_AS_TOKEN_COOKIE, LOGIN_AS_USER_KEY, TOKEN_COOKIE, USER_KEY };

// --- Lessons ----------------------------------------------------------------------------------

/** The demo school's zone (server/db/seed-demo.ts): "today" in the specs is the school's today. */
export const SCHOOL_ZONE = 'America/New_York';

/** A demo person's API token and id, signed in through the API. */
export async function tokenOf(request: APIRequestContext, username: string): Promise<{ token: string; id: string }> {
  const res = await request.post('/api/auth/local/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.status(), `sign-in of ${username}`).toBe(200);
  const { data } = (await res.json()) as { data: { token: string; user: { _id: string } } };
  return { token: data.token, id: data.user._id };
}

/**
 * A private lesson of Sofia Marin's with Lily Chen (or of `people`, demo usernames) on `date` at
 * `startTime` (the school's wall clock), booked by the admin through the API. Each caller picks its
 * own hour, so specs and their retries do not meet (the room check is waived for the same reason).
 */
export async function demoLesson(
  request: APIRequestContext, date: string, startTime: string, school: Pick<School, 'login'> = DEMO_RIVERSIDE,
  people: { teacher: string; student: string } = { teacher: 'teacher', student: 'student' },
): Promise<{ lessonId: string; studentId: string; adminToken: string }> {
  const admin = await tokenOf(request, school.login('admin'));
  const teacher = await tokenOf(request, school.login(people.teacher));
  const student = await tokenOf(request, school.login(people.student));
  const headers = { Authorization: `Bearer ${admin.token}` };
  const types = (await (await request.post('/api/scheduling/lessonType/list', { headers, data: {} })).json()) as { data: { results: { _id: string; kind: string }[] } };
  const typeId = types.data.results.find((t) => t.kind === 'private')!._id;
  const res = await request.post('/api/scheduling/addLesson', {
    headers,
    data: { teacherId: teacher.id, lessonTypeId: typeId, studentIds: [student.id], date, startTime, durationMinutes: 30, repeat: 'none', allowRoomConflict: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { data } = (await res.json()) as { data: { _id: string } };
  return { lessonId: data._id, studentId: student.id, adminToken: admin.token };
}

/**
 * Such a lesson yesterday (it has started whatever the hour of the run, so attendance can be
 * taken: a lesson today at a fixed hour is still ahead when CI runs before it); returns the lesson.
 */
export async function lessonYesterday(
  request: APIRequestContext, startTime: string, school: Pick<School, 'login'> = DEMO_RIVERSIDE,
): Promise<{ lessonId: string; studentId: string; date: string }> {
  const date = DateTime.now().setZone(SCHOOL_ZONE).minus({ days: 1 }).toISODate()!;
  const { lessonId, studentId } = await demoLesson(request, date, startTime, school);
  return { lessonId, studentId, date };
}

// --- The shell --------------------------------------------------------------------------------

/** The header's greeting and name; the greeting is hidden below Mantine's md breakpoint. */
export async function expectHeader(page: Page, person: { first: string; last: string }) {
  const header = page.getByRole('banner');
  await expect(header.getByText(currentGreetings())).toHaveText(new RegExp(`, ${person.first}$`));
  await expect(header.getByText(fullName(person), { exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
}

export type MenuItem = { label: string; children?: MenuItem[] };

const SUPPORT_LABEL = 'Contact for More Features';
const SUPPORT_PATH = '/support';

/**
 * The menu the shared tables promise for this session, limited the way the web client limits it
 * (web/app/layout/Sidebar.tsx): an entry shows when the shown user's route table has a route
 * that matches its path and a page is registered for that route (web/app/pages.ts).
 */
export function expectedMenu(user: SessionUser, actor: SessionUser | null = null): MenuItem[] {
  const mounted = routesFor(user.role).filter((route) => PAGES[route.path] !== undefined);
  const hasPage = (path: string) => mounted.some((route) => pathMatches(route.path, path));
  const ctx: MenuContext = {
    role: user.role,
    addrole: user.addrole,
    showStore: user.showStore,
    allowPayrollReport: user.allow_payroll_report,
    actorRole: actor?.role ?? null,
  };
  const toItems = (entries: MenuEntry[]): MenuItem[] =>
    entries.map((e) => (e.children ? { label: e.label, children: toItems(e.children) } : { label: e.label }));
  const items = toItems(menuFor(ctx, hasPage));
  if (showSupportLink(ctx) && hasPage(SUPPORT_PATH)) items.push({ label: SUPPORT_LABEL });
  return items;
}

/**
 * The sidebar as the user sees it: every top-level entry, and each section's entries once it is
 * expanded (it opens by clicking, as a user would). Also checks that opening a section closes
 * the one open before (docs/domains/roles-and-navigation.md "Screens and routes": one expanded section at a time).
 */
export async function readSidebar(page: Page): Promise<MenuItem[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  // The header and the sidebar render together; with an empty menu the layout has no sidebar
  // and no burger at all (web/app/layout/AppLayout.tsx).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  if ((await nav.count()) === 0) {
    await expect(page.getByRole('button', { name: /navigation$/ })).toHaveCount(0);
    return [];
  }
  await expect(nav).toBeVisible();
  // A section is a button with aria-expanded; its entries sit in the element right after it.
  const topLevel = nav.locator(':is(a, button):not(button[aria-expanded] + * *)');
  const count = await topLevel.count();
  const items: MenuItem[] = [];
  let previousSection: ReturnType<typeof topLevel.nth> | null = null;
  for (let i = 0; i < count; i++) {
    const entry = topLevel.nth(i);
    await expect(entry).toBeVisible();
    const label = (await entry.innerText()).trim();
    const expanded = await entry.getAttribute('aria-expanded');
    if (expanded === null) {
      items.push({ label });
      continue;
    }
    if (expanded !== 'true') await entry.click();
    await expect(entry).toHaveAttribute('aria-expanded', 'true');
    if (previousSection) await expect(previousSection).toHaveAttribute('aria-expanded', 'false');
    previousSection = entry;
    const children = entry.locator('xpath=following-sibling::*[1]').getByRole('link');
    await expect(children.first()).toBeVisible();
    const labels = (await children.allInnerTexts()).map((t) => t.trim());
    items.push({ label, children: labels.map((l) => ({ label: l })) });
  }
  // The support link sits below the menu, outside the nav landmark.
  const support = page.getByRole('link', { name: SUPPORT_LABEL });
  if (await support.isVisible()) items.push({ label: SUPPORT_LABEL });
  return items;
}

/**
 * Follows a sidebar link as a user would: opens its section first when it has one (on a phone,
 * the burger first), and clicks only once the section has finished opening. Mantine's Collapse
 * grows the section and fades it in; a click during that may land on the wrong spot.
 */
export async function followMenuLink(page: Page, label: string, section?: string) {
  await waitForIdle(page);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  // Below 1280 px the sidebar starts off screen, behind the header's burger.
  const onScreen = await nav.evaluate((n) => {
    const box = n.getBoundingClientRect();
    return box.width > 0 && box.right > 0 && box.left < window.innerWidth;
  });
  if (!onScreen) await page.getByRole('button', { name: 'Show navigation' }).click();
  await expect(nav).toBeInViewport();
  if (section) {
    const button = nav.getByRole('button', { name: section, exact: true });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
  }
  const link = nav.getByRole('link', { name: label, exact: true });
  await expect(link).toBeVisible();
  // Settled: no transition running in the menu, no box around the link still sized or faded by
  // the Collapse (it clears its inline height when it is done), and the link where it was a frame ago.
  await expect
    .poll(
      () =>
        link.evaluate(async (el: HTMLElement) => {
          const menu = el.closest('nav')!;
          if (menu.getAnimations({ subtree: true }).some((a) => a.playState === 'running')) return false;
          for (let box: HTMLElement | null = el; box && box !== menu; box = box.parentElement) {
            if (box.style.height !== '' || getComputedStyle(box).opacity !== '1') return false;
          }
          const before = el.getBoundingClientRect();
          await new Promise(requestAnimationFrame);
          const after = el.getBoundingClientRect();
          return before.top === after.top && before.height === after.height;
        }),
      { message: `the menu link ${label} settles` },
    )
    .toBe(true);
  await link.click();
}

// --- Jobs -------------------------------------------------------------------------------------

/** Runs one of the app's timed jobs now, through serve.ts's test-only door (never the app's API). */
export async function runJob(name: string) {
  const response = await fetch(`${JOBS_API_URL}${name}`, { method: 'POST' });
  expect(response.status, `job ${name}`).toBe(200);
}

// --- Mail -------------------------------------------------------------------------------------

/**
 * The run's captured mail is one list, read by every worker at once, so forgetting is this
 * worker's own: a mark past the mail so far (one worker's clearMailbox deleting the list would
 * take another's mail out from under its waitForMail).
 */
let mailSeen = 0;

async function allCapturedMail(): Promise<CapturedEmail[]> {
  const response = await fetch(MAIL_API_URL);
  expect(response.ok, 'the captured mail').toBe(true);
  return (await response.json()) as CapturedEmail[];
}

/** From now on, this worker's mail helpers see only mail captured after this call. */
export async function clearMailbox() {
  mailSeen = (await allCapturedMail()).at(-1)?.seq ?? mailSeen;
}

/** The mail captured since this worker's last clearMailbox (every school's: filter by address or subject). */
export async function capturedMail(): Promise<CapturedEmail[]> {
  return (await allCapturedMail()).filter((m) => m.seq > mailSeen);
}

export async function mailTo(address: string): Promise<CapturedEmail[]> {
  return (await capturedMail()).filter((m) => m.envelopeTo.includes(address) || m.to.includes(address));
}

/** Waits for the next email to this address (the app sends from a background job). */
export async function waitForMail(address: string, timeout = 15_000): Promise<CapturedEmail> {
  let found: CapturedEmail | undefined;
  await expect
    .poll(async () => {
      found = (await mailTo(address)).at(-1);
      return found !== undefined;
    }, { timeout, message: `an email to ${address}` })
    .toBe(true);
  return found!;
}

/**
 * Every serious or critical axe violation of the page as it rests, one readable line each: no
 * hover state left over from the last click, and no dialog still fading in (a half-transparent
 * link would read as low contrast).
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  // Two frames first: a dialog opened by the last click starts its fade-in only once it has rendered.
  // Twice: a toast that a settling answer raises starts its own fade-in after the first wait.
  for (let round = 0; round < 2; round += 1) {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  }
  // Legacy mode runs axe in the page itself: the default opens a blank page per run to merge the
  // frames' results, which tripled each run's time (2.4 s against 0.8, decision 086); the frames it
  // leaves out are other sites' (a lesson's video player), not the app's. Only violations are read.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`);
      return `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${nodes.join('\n')}`;
    });
}

/** The page, once it rests, has no serious or critical axe violation. */
export async function expectNoViolations(page: Page) {
  await waitForIdle(page);
  expect((await blockingViolations(page)).join('\n')).toBe('');
}

/**
 * The page does not scroll sideways: its content is no wider than the width it shows, the
 * vertical scrollbar left out (stricter than the viewport's width, which content under the
 * scrollbar would still fit); and no element is wider than the column it sits in (its parent's
 * content box), which a page can break without scrolling: a component drawn without its styles
 * (issue 27: each plan's radio a disc as wide as the form) or a long word pushed past its card.
 */
export async function expectNoSidewaysScroll(page: Page) {
  // Polled: right after a viewport change the layout is still settling (a sidebar folding, a
  // toast sliding), and one reading caught it 14 to 35 px wide in quizzes.spec; an overflow of
  // the settled page still fails once the wait runs out.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: 'no sideways scroll' })
    .toBeLessThanOrEqual(0);
  await expect.poll(() => page.evaluate(elementsWiderThanTheirColumn), { message: 'no element wider than its column' }).toEqual([]);
}

/**
 * Runs in the page: each shown element wider than its parent's content box, as "tag.class 636 > 300 px".
 * Not counted: what sits in a box that scrolls or clips sideways (a wide table in its scroll
 * area is meant to), fixed or absolute boxes (menus, toasts, visually hidden inputs) and what
 * `display: contents` parents (the nearest box is the column then).
 */
function elementsWiderThanTheirColumn(): string[] {
  const found: string[] = [];
  const clipsSideways = (el: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    const style = getComputedStyle(el);
    if (style.position === 'fixed' || style.position === 'absolute' || style.display === 'none' || style.display === 'contents') continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    let parent = el.parentElement;
    while (parent && getComputedStyle(parent).display === 'contents') parent = parent.parentElement;
    // Inside a drawing, or in an inline parent (no column of its own: clientWidth 0), nothing to compare.
    if (!parent || parent === document.documentElement || parent instanceof SVGElement || parent.clientWidth === 0) continue;
    let clipped = false;
    for (let a: Element | null = parent; a && a !== document.body; a = a.parentElement) {
      if (clipsSideways(a) || ['fixed', 'absolute'].includes(getComputedStyle(a).position)) { clipped = true; break; }
    }
    if (clipped) continue;
    const ps = getComputedStyle(parent);
    const column = parent.clientWidth - parseFloat(ps.paddingLeft) - parseFloat(ps.paddingRight);
    if (box.width > column + 1) {
      const name = `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''}`;
      found.push(`${name} ${Math.round(box.width)} > ${Math.round(column)} px`);
    }
  }
  return found;
}

/**
 * No test routes requests: any route makes Playwright pause every request of the context in the
 * test runner and turns the browser's cache off, so each later page of a test fetched and compiled
 * the app's scripts again (1.2 s → 2.1 s a page load, decision 087). A lesson's video player
 * (another site) fails at once instead: playwright.config.ts maps every outside name to NOTFOUND,
 * and waitForIdle follows only the app's own requests.
 */
export const test = base.extend<{ school: School }, { watchApiTraffic: void }>({
  // Every context of the worker's browser, from its start, counts its pages' requests for waitForIdle.
  watchApiTraffic: [
    async ({ browser }, use) => {
      for (const context of browser.contexts()) watchContext(context);
      browser.on('context', watchContext);
      await use();
      browser.off('context', watchContext);
    },
    { scope: 'worker', auto: true },
  ],
  // Each test that names it, a school of its own (a spec whose tests share one calls newSchool in beforeAll).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  school: async ({}, use) => {
    await use(await newSchool());
  },
});

/**
 * Types a card into the one card form (web/components/CardFields.tsx, decision 074): the number as
 * printed on the card, with its spaces, a published test card unless said otherwise.
 */
export async function typeCard(scope: Page | Locator, { number = '4111 1111 1111 1111', code = TEST_CARD_CODE, month = '12', year = '2030' } = {}) {
  await scope.getByLabel('Card number', { exact: true }).fill(number);
  await scope.getByLabel('Card code (CVV)', { exact: true }).fill(code);
  await scope.getByLabel('Expiry month', { exact: true }).selectOption(month);
  await scope.getByLabel('Expiry year', { exact: true }).selectOption(year);
}
