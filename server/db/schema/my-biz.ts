import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Build My Biz (issue 17, decision 050): the provider's articles that help schools grow
 * (marketing, pricing, recruiting, recitals). The provider's own catalogue, no school owns a row
 * (like school_plans), so no row-level security: the service lets schools read published ones only.
 */
export const bizCategories = pgTable(
  'biz_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The order the categories are listed in (smallest first). */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('biz_categories_position_idx').on(t.position, t.createdAt)],
);

export type BizLink = { label: string; url: string };

export const bizArticles = pgTable(
  'biz_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id').notNull().references(() => bizCategories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitised HTML (the formatted-body editor's tags only). */
    bodyHtml: text('body_html').notNull().default(''),
    links: jsonb('links').$type<BizLink[]>().notNull().default([]),
    videoUrl: text('video_url'),
    /** Files of the author's (the provider's) Library, in order. */
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    /** The superadmin who wrote it: whose Library the files are read from. */
    authorId: uuid('author_id').notNull().references(() => users.id),
    /** Null: a draft, which only the superadmin sees. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('biz_articles_category_idx').on(t.categoryId, t.createdAt), index('biz_articles_created_idx').on(t.createdAt)],
);

/** A school's Learn More page for its students (issue 17): the text the school writes about itself. */
export const learnMorePages = pgTable('learn_more_pages', {
  adminId: uuid('admin_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  about: text('about').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
