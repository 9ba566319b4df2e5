import type { HelpArticleSource } from './article.js';
import { BILLING_ARTICLES } from './billing.js';
import { COMMUNICATION_ARTICLES } from './communication.js';
import { LEARNING_ARTICLES } from './learning.js';
import { PEOPLE_ARTICLES } from './people.js';
import { SCHEDULING_ARTICLES } from './scheduling.js';

/** Every article, in the order a reader meets them when not searching. */
export const HELP_ARTICLES: readonly HelpArticleSource[] = [
  ...PEOPLE_ARTICLES,
  ...SCHEDULING_ARTICLES,
  ...BILLING_ARTICLES,
  ...LEARNING_ARTICLES,
  ...COMMUNICATION_ARTICLES,
];
