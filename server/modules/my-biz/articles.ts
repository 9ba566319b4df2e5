import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { bizArticles, bizCategories } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { likePattern } from '../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import type { FileLinkSigner } from '../../services/storage/signed-links.js';
import { decideReadBizArticle } from '../../policies/my-biz.js';
import {
  BIZ_MESSAGES as M, bizArticleListBody, type AddBizArticleValues, type BizArticle, type BizArticleListAnswer,
} from '../../../shared/contracts/my-biz.js';
import type { z } from 'zod';
import { sanitizeRichText } from '../courses/index.js';
import { assertAttachableFile, providerFileRefsOf } from '../library/index.js';
import { assertReader, assertWriter, readableArticles } from './categories.js';
import { presentArticle, presentArticleSummary, type ArticleRow } from './presenter.js';

const summaryColumns = {
  id: bizArticles.id,
  categoryId: bizArticles.categoryId,
  categoryName: bizCategories.name,
  title: bizArticles.title,
  summary: bizArticles.summary,
  publishedAt: bizArticles.publishedAt,
  updatedAt: bizArticles.updatedAt,
};

function searchOf(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return or(ilike(bizArticles.title, pattern), ilike(bizArticles.summary, pattern), ilike(bizArticles.bodyHtml, pattern), ilike(bizCategories.name, pattern));
}

/** A page of articles, newest first: one category's or all, matching the search in title, summary, text or category. */
export async function listBizArticles(tx: Tx, actor: Actor, q: z.output<typeof bizArticleListBody>): Promise<BizArticleListAnswer> {
  assertReader(actor);
  const where = and(readableArticles(actor), q.categoryId ? eq(bizArticles.categoryId, q.categoryId) : undefined, searchOf(q.search));
  const base = () => tx.select({ ...summaryColumns, total: totalRows }).from(bizArticles).innerJoin(bizCategories, eq(bizCategories.id, bizArticles.categoryId));
  const rows = await base().where(where).orderBy(desc(bizArticles.createdAt), desc(bizArticles.id)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => {
    const [c] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(bizArticles).innerJoin(bizCategories, eq(bizCategories.id, bizArticles.categoryId)).where(where);
    return c?.n ?? 0;
  });
  return toListResult(rows.map(presentArticleSummary), total, q);
}

async function articleRow(tx: Tx, id: string): Promise<ArticleRow | undefined> {
  const [row] = await tx.select({
    ...summaryColumns, bodyHtml: bizArticles.bodyHtml, links: bizArticles.links, videoUrl: bizArticles.videoUrl,
    attachmentIds: bizArticles.attachmentIds, authorId: bizArticles.authorId,
  }).from(bizArticles).innerJoin(bizCategories, eq(bizCategories.id, bizArticles.categoryId)).where(eq(bizArticles.id, id));
  return row;
}

/** One article the reader may open (a draft is not found to a school), without its files' links yet. */
export async function readableArticle(tx: Tx, actor: Actor, id: string): Promise<ArticleRow> {
  const row = await articleRow(tx, id);
  const decision = row ? decideReadBizArticle(actor.role, { published: row.publishedAt !== null }) : 'not-found';
  if (decision === 'forbidden') throw forbidden();
  if (decision === 'not-found') throw notFound(M.articleNotFound);
  return row!;
}

/**
 * The article with its files' signed links. The files are the author's (the provider's) Library,
 * which a school's transaction cannot read (row-level security): read after it, in the provider's scope.
 */
export async function withAttachments(db: Database, signer: FileLinkSigner, row: ArticleRow): Promise<BizArticle> {
  return presentArticle(row, await providerFileRefsOf(db, row.authorId, signer, row.attachmentIds));
}

async function assertCategory(tx: Tx, categoryId: string): Promise<void> {
  const [row] = await tx.select({ id: bizCategories.id }).from(bizCategories).where(eq(bizCategories.id, categoryId));
  if (!row) throw fieldError('categoryId', M.categoryNotFound);
}

/** A newly attached file must be one of the superadmin's Library; those already attached stay. */
async function checkAttachments(tx: Tx, actor: Actor, signer: FileLinkSigner, ids: string[], current: string[] = []): Promise<void> {
  for (const id of ids) if (!current.includes(id)) await assertAttachableFile(tx, actor, id, signer, 'attachmentIds');
}

function articleValues(input: AddBizArticleValues, wasPublishedAt: Date | null) {
  return {
    categoryId: input.categoryId,
    title: input.title,
    summary: input.summary,
    bodyHtml: sanitizeRichText(input.body),
    links: input.links,
    videoUrl: input.videoUrl === '' ? null : input.videoUrl,
    attachmentIds: input.attachmentIds,
    // Publishing again keeps the first date; unpublishing makes it a draft.
    publishedAt: input.published ? (wasPublishedAt ?? new Date()) : null,
  };
}

export async function addBizArticle(tx: Tx, actor: Actor, signer: FileLinkSigner, input: AddBizArticleValues): Promise<ArticleRow> {
  assertWriter(actor);
  await assertCategory(tx, input.categoryId);
  await checkAttachments(tx, actor, signer, input.attachmentIds);
  const [row] = await tx.insert(bizArticles).values({ ...articleValues(input, null), authorId: actor.id }).returning({ id: bizArticles.id });
  return (await articleRow(tx, row!.id))!;
}

export async function updateBizArticle(tx: Tx, actor: Actor, signer: FileLinkSigner, input: AddBizArticleValues & { id: string }): Promise<ArticleRow> {
  assertWriter(actor);
  const [current] = await tx.select({ publishedAt: bizArticles.publishedAt, attachmentIds: bizArticles.attachmentIds }).from(bizArticles)
    .where(eq(bizArticles.id, input.id)).for('update');
  if (!current) throw notFound(M.articleNotFound);
  await assertCategory(tx, input.categoryId);
  await checkAttachments(tx, actor, signer, input.attachmentIds, current.attachmentIds);
  await tx.update(bizArticles).set({ ...articleValues(input, current.publishedAt), updatedAt: new Date() }).where(eq(bizArticles.id, input.id));
  return (await articleRow(tx, input.id))!;
}

export async function deleteBizArticle(tx: Tx, actor: Actor, id: string): Promise<void> {
  assertWriter(actor);
  const [row] = await tx.delete(bizArticles).where(eq(bizArticles.id, id)).returning({ id: bizArticles.id });
  if (!row) throw notFound(M.articleNotFound);
}
