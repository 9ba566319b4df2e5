import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BIZ_MESSAGES as M, BIZ_ROUTES as R } from '../../../shared/contracts/my-biz.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { addBizArticle, deleteBizArticle, listBizArticles, readableArticle, updateBizArticle, withAttachments } from './articles.js';
import { addBizCategory, deleteBizCategory, listBizCategories, updateBizCategory } from './categories.js';

/** /api/myBiz: Build My Biz; the superadmin writes, the school's office and teachers read (policies/my-biz.ts). */
export const myBizRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;

  contractRoute(app, R.categories, (req) => req.tx((tx) => listBizCategories(tx, req.actor!)));
  contractRoute(app, R.addCategory, async (req) => answer(await req.tx((tx) => addBizCategory(tx, req.actor!, req.body)), M.categoryAdded));
  contractRoute(app, R.updateCategory, async (req) => answer(await req.tx((tx) => updateBizCategory(tx, req.actor!, req.body)), M.categoryUpdated));
  contractRoute(app, R.deleteCategory, async (req) => {
    await req.tx((tx) => deleteBizCategory(tx, req.actor!, req.body.id));
    return answer(null, M.categoryDeleted);
  });

  contractRoute(app, R.articles, (req) => req.tx((tx) => listBizArticles(tx, req.actor!, req.body)));
  contractRoute(app, R.article, async (req) => {
    const row = await req.tx((tx) => readableArticle(tx, req.actor!, req.body.id));
    return withAttachments(db, fileLinks, row);
  });
  contractRoute(app, R.addArticle, async (req) => {
    const row = await req.tx((tx) => addBizArticle(tx, req.actor!, fileLinks, req.body));
    return answer(await withAttachments(db, fileLinks, row), M.articleAdded);
  });
  contractRoute(app, R.updateArticle, async (req) => {
    const row = await req.tx((tx) => updateBizArticle(tx, req.actor!, fileLinks, req.body));
    return answer(await withAttachments(db, fileLinks, row), M.articleUpdated);
  });
  contractRoute(app, R.deleteArticle, async (req) => {
    await req.tx((tx) => deleteBizArticle(tx, req.actor!, req.body.id));
    return answer(null, M.articleDeleted);
  });
};
