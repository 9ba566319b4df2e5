import { z } from 'zod';
import { uuid } from './common.js';
import { planItem } from './student-plans.js';
import { defineRoute } from './route.js';
import { iframeSnippet } from '../embed.js';

/**
 * A school's widgets for its own website (issue 12): the plan widget, the login widget, the
 * student login widget and the register widget. Each is a public page that may sit in an
 * <iframe> on any site (/widget/{kind}/{schoolId}); the office's pages under /studentbilling show
 * a preview, the link and the snippet, and switch each on or off. Calls under /api/widget:
 * getActiveWidget (which are on), setActiveWidget, and the public page's school (no token).
 */
export const WIDGETS = ['planwidget', 'loginwidget', 'studentWidget', 'registerwidget'] as const;
export type Widget = (typeof WIDGETS)[number];

export const WIDGET_TEXT: Record<Widget, { title: string; publicPath: string; description: string; frameTitle: string; height: number }> = {
  planwidget: {
    title: 'Plan Widget', publicPath: 'plans', frameTitle: 'Our plans', height: 900,
    description: 'Your plans on your own website: visitors choose one, sign in (or sign up) and ask for it.',
  },
  loginwidget: {
    title: 'Login Widget', publicPath: 'login', frameTitle: 'Sign in', height: 420,
    description: 'A sign-in box for your website: everyone of your school signs in to Cadenza from it.',
  },
  studentWidget: {
    title: 'Student Login Widget', publicPath: 'student-login', frameTitle: 'Student sign in', height: 460,
    description: 'A sign-in box for your students and parents: their lessons, practice and Payment / Billing.',
  },
  registerwidget: {
    title: 'Register Widget', publicPath: 'register', frameTitle: 'Student signup', height: 900,
    description: 'The student signup form on your website: new students appear under New Widget Students for you to approve.',
  },
};

export const widgetPagePath = (widget: Widget, adminId: string) => `/widget/${WIDGET_TEXT[widget].publicPath}/${adminId}`;
export const widgetOfPublicPath = (path: string): Widget | undefined => WIDGETS.find((w) => WIDGET_TEXT[w].publicPath === path);

/** The embed snippet a school pastes into its own website. */
export function widgetSnippet(widget: Widget, url: string): string {
  const { frameTitle, height } = WIDGET_TEXT[widget];
  return iframeSnippet(url, frameTitle, height);
}

export const WIDGET_MESSAGES = {
  on: 'Widget is on',
  off: 'Widget is off',
  unavailable: 'This widget is not available',
} as const;

export const widgetStates = z.object({ planwidget: z.boolean(), loginwidget: z.boolean(), studentWidget: z.boolean(), registerwidget: z.boolean() });
export type WidgetStates = z.infer<typeof widgetStates>;

export const setWidgetBody = z.object({
  widget: z.enum(WIDGETS, { error: 'Widget is Required' }),
  active: z.boolean({ error: 'Active is Required' }),
});

export const publicWidgetBody = z.object({
  adminId: uuid,
  widget: z.enum(WIDGETS, { error: 'Widget is Required' }),
});

/** What a widget's public page shows: the school, and for the plan widget its plans. */
export const publicWidgetAnswer = z.object({ adminId: z.string(), school_name: z.string(), widget: z.enum(WIDGETS), plans: z.array(planItem) });
export type PublicWidget = z.infer<typeof publicWidgetAnswer>;

const tags = ['billing: widgets'];

export const WIDGET_ROUTES = {
  active: defineRoute({ method: 'POST', path: '/widget/getActiveWidget', response: widgetStates, meta: { roles: 'signedIn', tags, lapsedSchool: 'open' } }),
  set: defineRoute({ method: 'POST', path: '/widget/setActiveWidget', body: setWidgetBody, response: widgetStates, meta: { roles: 'signedIn', tags } }),
  /** A widget page's school: the visitor of a school's website has no session. */
  publicSchool: defineRoute({ method: 'POST', path: '/widget/public/school', body: publicWidgetBody, response: publicWidgetAnswer, meta: { roles: 'public', tags } }),
};
