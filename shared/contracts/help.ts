import { z } from 'zod';
import { ROLES, type Role } from '../roles.js';
import { matchRoute } from '../routes.js';
import { safeString, searchField } from './common.js';
import { defineRoute } from './route.js';

/**
 * Help (issue 14, `/help`): articles about what Cadenza does today, shipped with the app and
 * served by the server to the roles each is written for. Calls under /api/help:
 *   POST getHelpArticles   the caller's articles, searched on the server (every word must match)
 *   POST getHelpArticle    one of them by slug; an unknown slug, or another role's, is 404
 */
export const HELP_MESSAGES = {
  notFound: 'Help article not found',
  slugInvalid: 'Invalid article',
} as const;

export const HELP_PATH = '/help';
export const SLUG_MAX = 80;

/** The roles whose route table has /help: they read help, and the server lets only them. */
export const HELP_ROLES: readonly Role[] = ROLES.filter((role) => matchRoute(role, HELP_PATH) !== undefined);

export const helpListBody = z.object({ search: searchField.optional() });
export type HelpListQuery = z.input<typeof helpListBody>;

export const helpArticleBody = z.object({
  slug: safeString({ error: HELP_MESSAGES.slugInvalid })
    .max(SLUG_MAX, HELP_MESSAGES.slugInvalid)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, HELP_MESSAGES.slugInvalid),
});

/** A link from an article to a screen of the reader's route table. */
export const helpLink = z.object({ label: z.string(), path: z.string() });
export type HelpLink = z.infer<typeof helpLink>;

export const helpArticleSummary = z.object({ slug: z.string(), title: z.string(), summary: z.string(), topic: z.string() });
export type HelpArticleSummary = z.infer<typeof helpArticleSummary>;

export const helpArticle = helpArticleSummary.extend({
  /** What the reader does, in order. */
  steps: z.array(z.string()),
  /** What is good to know beside the steps. */
  notes: z.array(z.string()),
  links: z.array(helpLink),
});
export type HelpArticle = z.infer<typeof helpArticle>;

export const helpArticleList = z.object({ results: z.array(helpArticleSummary), totalCount: z.number().int() });
export type HelpArticleList = z.infer<typeof helpArticleList>;

/** The roles that read help; a school whose plan lapsed still reads it, to learn what to do. */
const meta = { roles: HELP_ROLES, tags: ['help'], lapsedSchool: 'open' } as const;

export const HELP_ROUTES = {
  list: defineRoute({ method: 'POST', path: '/help/getHelpArticles', body: helpListBody, response: helpArticleList, meta }),
  article: defineRoute({ method: 'POST', path: '/help/getHelpArticle', body: helpArticleBody, response: helpArticle, meta }),
};
