import type { BizArticle, BizArticleSummary, BizCategory } from '../../../shared/contracts/my-biz.js';
import type { FileRef } from '../../../shared/contracts/library.js';
import type { BizLink } from '../../db/schema/index.js';

export type CategoryRow = { id: string; name: string; description: string; articleCount: number };

export const presentCategory = (r: CategoryRow): BizCategory => ({ _id: r.id, name: r.name, description: r.description, articleCount: r.articleCount });

export type ArticleSummaryRow = {
  id: string; categoryId: string; categoryName: string; title: string; summary: string; publishedAt: Date | null; updatedAt: Date;
};

export const presentArticleSummary = (r: ArticleSummaryRow): BizArticleSummary => ({
  _id: r.id,
  categoryId: r.categoryId,
  categoryName: r.categoryName,
  title: r.title,
  summary: r.summary,
  published: r.publishedAt !== null,
  publishedAt: r.publishedAt?.toISOString() ?? null,
  updatedAt: r.updatedAt.toISOString(),
});

export type ArticleRow = ArticleSummaryRow & { bodyHtml: string; links: BizLink[]; videoUrl: string | null; attachmentIds: string[]; authorId: string };

export const presentArticle = (r: ArticleRow, attachments: FileRef[]): BizArticle => ({
  ...presentArticleSummary(r),
  body: r.bodyHtml,
  links: r.links,
  videoUrl: r.videoUrl,
  attachments,
});
