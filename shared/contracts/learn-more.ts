import { z } from 'zod';
import { optionalText, uuid } from './common.js';

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

export type LearnMorePage = {
  school: { _id: string; name: string; phone: string; email: string; address1: string; city: string; state: string; postalCode: string; country: string };
  about: string;
  teachers: { _id: string; first_name: string; last_name: string; instruments: string[] }[];
  /** The school's widgets that are switched on: their public pages. */
  widgets: { title: string; path: string }[];
};
