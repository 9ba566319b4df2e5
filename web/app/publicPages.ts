/**
 * The pages a signed-out visitor can reach (docs/domains/roles-and-navigation.md "Screens and routes"'s public routes and the sign-in page),
 * apart from pages.ts: the entry chunk carries these few loaders, while the signed-in pages' map
 * loads with the signed-in routes (docs/domains/conventions.md "Performance budgets": /login's first load under 120 KB).
 */
import { authPages } from '../features/auth/pages';
import { billingPages } from '../features/billing/pages';
import { communicationPages } from '../features/communication/pages';
import { schoolPlansPages } from '../features/school-plans/pages';
import { signupWidgetPages } from '../features/signup-widget/pages';
import { storePages } from '../features/store/pages';
import type { PublicPagePath } from '../../shared/public-routes';
import { lazyPage, type LazyPage } from './routing/lazyPage';

export type PublicPage = { title: string; Page: LazyPage };

/**
 * Pages anyone may open, signed in or not (docs/domains/roles-and-navigation.md "Screens and routes", public routes),
 * keyed by shared/public-routes.ts's list: a page added here and not there (or there and not here) does not compile.
 */
export const PUBLIC_PAGES: Record<PublicPagePath, PublicPage> = {
  '/resetpassword/:id': {
    title: 'Reset Password',
    Page: lazyPage(authPages.ResetPasswordPage),
  },
  '/acceptinvitation/:id': {
    title: 'Accept Invitation',
    Page: lazyPage(authPages.AcceptInvitationPage),
  },
  '/studentSignup/:id': {
    title: 'Student Signup',
    Page: lazyPage(signupWidgetPages.StudentSignupPage),
  },
  // A school's widgets (issue 12): made to sit in an <iframe> on the school's own website.
  // The store widget (issue 16): a static segment, so the router ranks it before the plan widgets' :kind.
  '/widget/store/:id': {
    title: 'Store',
    Page: lazyPage(storePages.StoreWidgetPublicPage),
  },
  '/widget/:kind/:id': {
    title: 'Widget',
    Page: lazyPage(billingPages.WidgetPublicPage),
  },
  // A store order's printable invoices (issue 16): public pages with no app shell, so that the
  // printed sheet is the invoice alone; the API still asks for the session of the buyer or the store's staff.
  '/invoice/:id': {
    title: 'Invoice',
    Page: lazyPage(storePages.CustomerInvoicePage),
  },
  '/vendor/:id': {
    title: 'Vendor Invoice',
    Page: lazyPage(storePages.VendorInvoicePage),
  },
  // The emailed pay link (issue 11): anyone holding it may pay the invoice, signed in or not.
  '/invoices/pay/:id': {
    title: 'Pay Invoice',
    Page: lazyPage(billingPages.PayInvoicePage),
  },
  // School self-registration (issue 12): the provider's link, shared from Login Widget and Plan Widget.
  '/signup/:id': {
    title: 'School Registration',
    Page: lazyPage(schoolPlansPages.SchoolSignupPage),
  },
  // The group email's unsubscribe link (issue 14): its signed token is the key, no sign-in.
  '/unsubscribe/:token': {
    title: 'Unsubscribe',
    Page: lazyPage(communicationPages.UnsubscribePage),
  },
};

/** The sign-in page: only for signed-out visitors, at / and /login. */
export const LOGIN_PAGE: PublicPage = {
  title: 'Sign In',
  Page: lazyPage(authPages.LoginPage),
};
