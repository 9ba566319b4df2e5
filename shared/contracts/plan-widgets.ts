import { z } from 'zod';
import { uuid } from './common.js';
import { planItem } from './student-plans.js';
import { defineRoute } from './route.js';

export * from '../plan-widgets-text.js';
import { WIDGETS } from '../plan-widgets-text.js';

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
