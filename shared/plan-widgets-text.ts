import { iframeSnippet } from './embed.js';

/**
 * A school's widgets for its own website (issue 12), their names and words without the routes'
 * schemas, so that a widget's public page paints without zod (decision 077): the plan widget, the login widget, the
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

