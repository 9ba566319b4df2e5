/**
 * The pages a signed-out visitor can reach (docs/domains/roles-and-navigation.md "Screens and
 * routes", public routes): the web's PUBLIC_PAGES is keyed by exactly these paths (its type says
 * so), and the email-link test accepts a link to one of them for any recipient. The sign-in page is
 * apart: only for the signed-out, at / and /login.
 */
import { pathMatches } from './routes.js';

export const PUBLIC_PAGE_PATHS = [
  '/resetpassword/:id',
  '/acceptinvitation/:id',
  '/studentSignup/:id',
  '/widget/store/:id',
  '/widget/:kind/:id',
  '/invoice/:id',
  '/vendor/:id',
  '/invoices/pay/:id',
  '/signup/:id',
  '/unsubscribe/:token',
] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

export const SIGN_IN_PATHS = ['/', '/login'] as const;

/** The public page a concrete pathname opens, if any (the widget's store before the plan widgets' :kind, as the router ranks them). */
export function publicPageOf(pathname: string): PublicPagePath | undefined {
  return PUBLIC_PAGE_PATHS.find((pattern) => pathMatches(pattern, pathname));
}
