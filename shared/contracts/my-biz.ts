import { z } from 'zod';
import { MAX_PAGE_SIZE, NAME_MAX, PAGE_SIZE } from '../constants.js';
import { optionalText, requiredId, requiredString, safeString, searchField, uuid } from './common.js';
import { ATTACHMENTS_MAX, videoUrlField } from './courses.js';
import { isWebLink, LINK_MAX } from './favourites.js';
import { fileRef } from './library.js';
import { defineRoute, listResultOf, noData } from './route.js';

/**
 * Build My Biz (issue 17, decision 050): the provider's articles that help a school grow. The
 * superadmin alone writes categories and articles (docs/domains/biz-learn-more-help-support.md "Who may do what": /MyBiz/category/{id},
 * /build-my-biz/view-details/{id}); admins, sub-admins and teachers read the published ones
 * (/MyBizNew, /category/{id}), with search. Calls under /api/myBiz:
 *   POST getBizCategories     the categories, with their (published, for readers) article counts
 *   POST addBizCategory, updateBizCategory, deleteBizCategory     the superadmin's
 *   POST getBizArticles       a page of articles (a category's, or all), by search; readers see published ones
 *   POST getBizArticle        one article with its body, links, files and video
 *   POST addBizArticle, updateBizArticle, deleteBizArticle        the superadmin's
 */
export const BIZ_READER_ROLES = ['admin', 'subadmin', 'teacher'] as const;

/** The product named no size for these lists: articles page like the Library (10). */
export const BIZ_PAGE_SIZE = PAGE_SIZE.library;
export const BIZ_LIMITS = { descriptionMax: 500, summaryMax: 300, bodyMax: 50_000, linksMax: 10 } as const;

export const BIZ_MESSAGES = {
  nameRequired: 'Category Name is Required',
  nameMax: `Category Name should allow only ${NAME_MAX} characters.`,
  nameTaken: 'A category of this name already exists',
  descriptionMax: `Description should allow only ${BIZ_LIMITS.descriptionMax} characters.`,
  categoryRequired: 'Category is Required',
  titleRequired: 'Title is Required',
  titleMax: `Title should allow only ${NAME_MAX} characters.`,
  summaryMax: `Summary should allow only ${BIZ_LIMITS.summaryMax} characters.`,
  bodyMax: `The article should allow only ${BIZ_LIMITS.bodyMax} characters.`,
  linksMax: `An article takes at most ${BIZ_LIMITS.linksMax} links`,
  linkLabelRequired: 'Link Text is Required',
  linkLabelMax: `Link Text should allow only ${NAME_MAX} characters.`,
  linkInvalid: 'Please enter a link starting with http:// or https://',
  linkMax: `Link should allow only ${LINK_MAX} characters.`,
  attachmentsMax: `An article takes at most ${ATTACHMENTS_MAX} files`,
  attachmentsTwice: 'A file is attached once',
  categoryAdded: 'Category added',
  categoryUpdated: 'Category updated',
  categoryDeleted: 'Category deleted',
  articleAdded: 'Article added',
  articleUpdated: 'Article updated',
  articleDeleted: 'Article deleted',
  categoryNotFound: 'Category not found',
  articleNotFound: 'Article not found',
} as const;
const M = BIZ_MESSAGES;

export const bizCategoryForm = z.object({
  name: requiredString(M.nameRequired).max(NAME_MAX, M.nameMax),
  description: optionalText(BIZ_LIMITS.descriptionMax, M.descriptionMax, { multiline: true }).default(''),
});
export type BizCategoryInput = z.input<typeof bizCategoryForm>;
export const addBizCategoryBody = bizCategoryForm;
export const updateBizCategoryBody = bizCategoryForm.extend({ id: uuid });
export const bizIdBody = z.object({ id: uuid });

export const bizLinkField = z.object({
  label: requiredString(M.linkLabelRequired).max(NAME_MAX, M.linkLabelMax),
  url: safeString().trim().max(LINK_MAX, M.linkMax).refine(isWebLink, M.linkInvalid),
});

export const bizArticleForm = z.object({
  categoryId: requiredId(M.categoryRequired),
  title: requiredString(M.titleRequired).max(NAME_MAX, M.titleMax),
  summary: optionalText(BIZ_LIMITS.summaryMax, M.summaryMax, { multiline: true }).default(''),
  /** Rich text from the editor as HTML; the server keeps only its allow-listed tags. */
  body: safeString({ multiline: true }).max(BIZ_LIMITS.bodyMax, M.bodyMax).default(''),
  links: z.array(bizLinkField).max(BIZ_LIMITS.linksMax, M.linksMax).default([]),
  videoUrl: videoUrlField.default(''),
  /** Files of the provider's Library, in order (the whole list: it replaces the previous one). */
  attachmentIds: z.array(uuid).max(ATTACHMENTS_MAX, M.attachmentsMax)
    .refine((ids) => new Set(ids).size === ids.length, M.attachmentsTwice).default([]),
  published: z.boolean().default(false),
});
export type BizArticleInput = z.input<typeof bizArticleForm>;
export const addBizArticleBody = bizArticleForm;
export type AddBizArticleValues = z.output<typeof addBizArticleBody>;
export const updateBizArticleBody = bizArticleForm.extend({ id: uuid });

export const bizArticleListBody = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(BIZ_PAGE_SIZE),
  categoryId: uuid.optional(),
  search: searchField.optional(),
});
export type BizArticleListQuery = z.input<typeof bizArticleListBody>;

// --- answers ------------------------------------------------------------------------------

export const bizCategory = z.object({ _id: z.string(), name: z.string(), description: z.string(), articleCount: z.number().int() });
export type BizCategory = z.infer<typeof bizCategory>;

export const bizArticleSummary = z.object({
  _id: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  title: z.string(),
  summary: z.string(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type BizArticleSummary = z.infer<typeof bizArticleSummary>;

export const bizArticle = bizArticleSummary.extend({
  body: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  videoUrl: z.string().nullable(),
  attachments: z.array(fileRef),
});
export type BizArticle = z.infer<typeof bizArticle>;

export const bizArticleList = listResultOf(bizArticleSummary);
export type BizArticleListAnswer = z.infer<typeof bizArticleList>;

// --- routes (decision 059) ----------------------------------------------------------------

const tags = ['my-biz'];
/** Readers: the superadmin (drafts too) and the roles of BIZ_READER_ROLES (server/policies/my-biz.ts). */
const readers = { roles: ['superadmin', ...BIZ_READER_ROLES], tags } as const;
const writer = { roles: ['superadmin'], tags } as const;

export const BIZ_ROUTES = {
  categories: defineRoute({ method: 'POST', path: '/myBiz/getBizCategories', body: z.object({}), response: z.array(bizCategory), meta: { ...readers, lapsedSchool: 'open' } }),
  addCategory: defineRoute({ method: 'POST', path: '/myBiz/addBizCategory', body: addBizCategoryBody, response: bizCategory, meta: writer }),
  updateCategory: defineRoute({ method: 'POST', path: '/myBiz/updateBizCategory', body: updateBizCategoryBody, response: bizCategory, meta: writer }),
  deleteCategory: defineRoute({ method: 'POST', path: '/myBiz/deleteBizCategory', body: bizIdBody, response: noData, meta: writer }),
  articles: defineRoute({ method: 'POST', path: '/myBiz/getBizArticles', body: bizArticleListBody, response: bizArticleList, meta: { ...readers, lapsedSchool: 'open' } }),
  article: defineRoute({ method: 'POST', path: '/myBiz/getBizArticle', body: bizIdBody, response: bizArticle, meta: { ...readers, lapsedSchool: 'open' } }),
  addArticle: defineRoute({ method: 'POST', path: '/myBiz/addBizArticle', body: addBizArticleBody, response: bizArticle, meta: writer }),
  updateArticle: defineRoute({ method: 'POST', path: '/myBiz/updateBizArticle', body: updateBizArticleBody, response: bizArticle, meta: writer }),
  deleteArticle: defineRoute({ method: 'POST', path: '/myBiz/deleteBizArticle', body: bizIdBody, response: noData, meta: writer }),
};
