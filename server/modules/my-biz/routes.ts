import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BIZ_MESSAGES as M, addBizArticleBody, addBizCategoryBody, bizArticleListBody, bizIdBody, updateBizArticleBody, updateBizCategoryBody,
} from '../../../shared/contracts/my-biz.js';
import { z } from 'zod';
import { ok } from '../../lib/envelope.js';
import { BIZ_ROLES } from '../../policies/my-biz.js';
import { addBizArticle, deleteBizArticle, listBizArticles, readableArticle, updateBizArticle, withAttachments } from './articles.js';
import { addBizCategory, deleteBizCategory, listBizCategories, updateBizCategory } from './categories.js';

const tags = ['my-biz'];

/** /api/myBiz: Build My Biz; the superadmin writes, the school's office and teachers read (policies/my-biz.ts). */
export const myBizRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  const readers = app.requireAuth(...BIZ_ROLES);
  const writer = app.requireAuth('superadmin');

  app.post('/getBizCategories', { schema: { tags, body: z.object({}) }, onRequest: readers }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listBizCategories(tx, req.actor!)));
  });
  app.post('/addBizCategory', { schema: { tags, body: addBizCategoryBody }, onRequest: writer }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addBizCategory(tx, req.actor!, req.body)), M.categoryAdded);
  });
  app.post('/updateBizCategory', { schema: { tags, body: updateBizCategoryBody }, onRequest: writer }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateBizCategory(tx, req.actor!, req.body)), M.categoryUpdated);
  });
  app.post('/deleteBizCategory', { schema: { tags, body: bizIdBody }, onRequest: writer }, async (req, reply) => {
    await req.tx((tx) => deleteBizCategory(tx, req.actor!, req.body.id));
    return ok(reply, null, M.categoryDeleted);
  });

  app.post('/getBizArticles', { schema: { tags, body: bizArticleListBody }, onRequest: readers }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listBizArticles(tx, req.actor!, req.body)));
  });
  app.post('/getBizArticle', { schema: { tags, body: bizIdBody }, onRequest: readers }, async (req, reply) => {
    const row = await req.tx((tx) => readableArticle(tx, req.actor!, req.body.id));
    return ok(reply, await withAttachments(db, fileLinks, row));
  });
  app.post('/addBizArticle', { schema: { tags, body: addBizArticleBody }, onRequest: writer }, async (req, reply) => {
    const row = await req.tx((tx) => addBizArticle(tx, req.actor!, fileLinks, req.body));
    return ok(reply, await withAttachments(db, fileLinks, row), M.articleAdded);
  });
  app.post('/updateBizArticle', { schema: { tags, body: updateBizArticleBody }, onRequest: writer }, async (req, reply) => {
    const row = await req.tx((tx) => updateBizArticle(tx, req.actor!, fileLinks, req.body));
    return ok(reply, await withAttachments(db, fileLinks, row), M.articleUpdated);
  });
  app.post('/deleteBizArticle', { schema: { tags, body: bizIdBody }, onRequest: writer }, async (req, reply) => {
    await req.tx((tx) => deleteBizArticle(tx, req.actor!, req.body.id));
    return ok(reply, null, M.articleDeleted);
  });
};
