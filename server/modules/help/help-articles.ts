import type { Role } from '../../../shared/roles.js';
import { matchRoute } from '../../../shared/routes.js';
import { HELP_MESSAGES, type HelpArticle, type HelpArticleList, type HelpArticleSummary } from '../../../shared/contracts/help.js';
import { notFound } from '../../lib/http-errors.js';
import { HELP_ARTICLES } from './articles/index.js';
import type { HelpArticleSource } from './articles/article.js';

/**
 * Help is content shipped with the app, not rows: the articles are read from memory, so these
 * need no transaction. Only the reader's role decides what they get.
 */
const normalize = (text: string) => text.toLocaleLowerCase('en').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[’']/g, '');

type Indexed = { source: HelpArticleSource; title: string; text: string };

const INDEX: readonly Indexed[] = HELP_ARTICLES.map((source) => ({
  source,
  title: normalize(source.title),
  text: normalize([source.title, source.topic, source.summary, ...source.steps, ...(source.notes ?? []), ...(source.keywords ?? [])].join('\n')),
}));

const forRole = (role: Role) => INDEX.filter((a) => a.source.roles.includes(role));

const summaryOf = (a: HelpArticleSource): HelpArticleSummary => ({ slug: a.slug, title: a.title, summary: a.summary, topic: a.topic });

/** The reader's articles; with a search, those holding every word, title matches first. */
export function listHelpArticles(role: Role, search: string | undefined): HelpArticleList {
  const words = normalize(search ?? '').split(/[^\p{L}\p{N}{}]+/u).filter((w) => w.length > 0);
  const mine = forRole(role);
  const found = words.length === 0
    ? mine
    : mine
        .filter((a) => words.every((w) => a.text.includes(w)))
        .map((a) => ({ a, score: words.filter((w) => a.title.includes(w)).length }))
        .sort((x, y) => y.score - x.score)
        .map(({ a }) => a);
  return { results: found.map((a) => summaryOf(a.source)), totalCount: found.length };
}

/** One article for this reader, its links cut to the screens their route table has; else 404. */
export function getHelpArticle(role: Role, slug: string): HelpArticle {
  const found = forRole(role).find((a) => a.source.slug === slug)?.source;
  if (!found) throw notFound(HELP_MESSAGES.notFound);
  return {
    ...summaryOf(found),
    steps: [...found.steps],
    notes: [...(found.notes ?? [])],
    links: found.links.filter((link) => matchRoute(role, link.path) !== undefined).map((l) => ({ ...l })),
  };
}
