import { z } from 'zod';
import { SCHOOL_STAFF_ROLES } from '../roles.js';
import { optionalText, uuid } from './common.js';
import { defineRoute } from './route.js';

/**
 * Learn More (issue 17, `/learnMore`): a school's page for its students: the school's own text
 * about itself, its teachers and their instruments, how to reach it, and its widgets. Calls under
 * /api/learnMore:
 *   POST getLearnMore          one school's page (its students and office; another school's is 404)
 *   POST updateLearnMoreAbout  the admin's text about the school
 */
export const LEARN_MORE_ABOUT_MAX = 5000;

export const LEARN_MORE_MESSAGES = {
  aboutMax: `About should allow only ${LEARN_MORE_ABOUT_MAX} characters.`,
  saved: 'Learn More page saved',
  notFound: 'School not found',
} as const;

export const learnMoreBody = z.object({ schoolId: uuid });

export const learnMoreAboutForm = z.object({
  about: optionalText(LEARN_MORE_ABOUT_MAX, LEARN_MORE_MESSAGES.aboutMax, { multiline: true }).default(''),
});
export type LearnMoreAboutInput = z.input<typeof learnMoreAboutForm>;

export const learnMorePage = z.object({
  school: z.object({
    _id: z.string(), name: z.string(), phone: z.string(), email: z.string(), address1: z.string(), city: z.string(),
    state: z.string(), postalCode: z.string(), country: z.string(),
  }),
  about: z.string(),
  teachers: z.array(z.object({ _id: z.string(), first_name: z.string(), last_name: z.string(), instruments: z.array(z.string()) })),
  /** The school's widgets that are switched on: their public pages. */
  widgets: z.array(z.object({ title: z.string(), path: z.string() })),
});
export type LearnMorePage = z.infer<typeof learnMorePage>;

export const learnMoreAbout = z.object({ about: z.string() });

// --- routes (decision 059) ----------------------------------------------------------------

const tags = ['learn-more'];

export const LEARN_MORE_ROUTES = {
  /** Its students and office read it (server/policies/my-biz.ts, decideReadLearnMore). */
  getLearnMore: defineRoute({
    method: 'POST', path: '/learnMore/getLearnMore', body: learnMoreBody, response: learnMorePage,
    meta: { roles: [...SCHOOL_STAFF_ROLES, 'student'], tags, lapsedSchool: 'open' },
  }),
  updateLearnMoreAbout: defineRoute({
    method: 'POST', path: '/learnMore/updateLearnMoreAbout', body: learnMoreAboutForm, response: learnMoreAbout,
    meta: { roles: ['admin'], tags },
  }),
};
