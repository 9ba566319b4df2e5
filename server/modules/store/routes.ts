import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.js';
import { forbidden } from '../../lib/http-errors.js';
import { toListResult } from '../../lib/paging.js';
import { BROWSE_ROLES, MANAGE_ROLES, SELLER_ROLES, STOCK_ROLES, storeOpenFor } from '../../policies/store.js';
import {
  STORE_MESSAGES as M, addProductBody, adjustStockBody, browseListBody, categoryBody, categoryIdBody, productIdBody, productIdParams, schoolStoreBody,
  searchBody, sellerBody, sellerIdParams, sellerListQuery, stockHistoryBody, stockListBody, storeListBody, updateCategoryBody, updateProductBody,
} from '../../../shared/contracts/store.js';
import { z } from 'zod';
import { uuid } from '../../../shared/contracts/common.js';
import { addCategory, browseCategories, listCategories, removeCategory, updateCategory } from './categories.js';
import { itemImages } from './item-images.js';
import { presentItem, type ProductWithNames } from './presenter.js';
import { addProduct, browseProducts, listProducts, listStock, removeProduct, searchProducts, updateProduct, viewProduct } from './product-service.js';
import { getSchoolStore, setSchoolStore } from './school-store.js';
import { addSeller, deleteSeller, listSellers, updateSeller } from './sellers.js';
import { adjustStock, stockHistory } from './stock.js';

const tags = ['store'];

/** A school without showStore has no store: refused before its body is read (decision 045). */
export async function storeOpen(req: FastifyRequest, _reply: FastifyReply) {
  if (!storeOpenFor(req.actor!)) throw forbidden(M.storeOff);
}

/** Store calls under /api/store (issue 16): the store's items, categories and Inventory. */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  const manage = [app.requireAuth(...MANAGE_ROLES), storeOpen];
  const browse = [app.requireAuth(...BROWSE_ROLES), storeOpen];
  const stock = [app.requireAuth(...STOCK_ROLES), storeOpen];
  const superadmin = app.requireAuth(...SELLER_ROLES);

  const items = async (req: FastifyRequest, rows: ProductWithNames[]) => {
    const images = await itemImages(db, fileLinks, req.actor!, rows);
    return rows.map((r) => presentItem(r, r.imageFileId ? images.get(r.imageFileId) : undefined));
  };

  app.post('/getStoreList', { schema: { tags, body: storeListBody }, onRequest: manage }, async (req, reply) => {
    const page = await req.tx((tx) => listProducts(tx, req.actor!, req.body));
    return ok(reply, toListResult(await items(req, page.rows), page.total, req.body));
  });

  app.post('/addstore', { schema: { tags, body: addProductBody }, onRequest: manage }, async (req, reply) => {
    const row = await req.tx(async (tx) => viewProduct(tx, req.actor!, await addProduct(tx, req.actor!, fileLinks, req.body)));
    return ok(reply, (await items(req, [row]))[0], M.added);
  });

  app.post('/updateStore', { schema: { tags, body: updateProductBody }, onRequest: manage }, async (req, reply) => {
    const row = await req.tx(async (tx) => viewProduct(tx, req.actor!, await updateProduct(tx, req.actor!, fileLinks, req.body)));
    return ok(reply, (await items(req, [row]))[0], M.updated);
  });

  app.delete('/removeStore', { schema: { tags, body: productIdBody }, onRequest: manage }, async (req, reply) => {
    await req.tx((tx) => removeProduct(tx, req.actor!, req.body.id));
    return ok(reply, null, M.deleted);
  });

  app.get('/viewsingleProduct/:id', { schema: { tags, params: productIdParams }, onRequest: browse }, async (req, reply) => {
    const row = await req.tx((tx) => viewProduct(tx, req.actor!, req.params.id));
    return ok(reply, (await items(req, [row]))[0]);
  });

  app.post('/search', { schema: { tags, body: searchBody }, onRequest: browse }, async (req, reply) => {
    const page = await req.tx((tx) => searchProducts(tx, req.actor!, req.body.item_name));
    return ok(reply, { results: await items(req, page.rows), totalCount: page.total });
  });

  app.post('/category/list', { schema: { tags }, onRequest: manage }, async (req, reply) => {
    return ok(reply, { results: await req.tx((tx) => listCategories(tx, req.actor!)) });
  });
  app.post('/category/add', { schema: { tags, body: categoryBody }, onRequest: manage }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addCategory(tx, req.actor!, req.body.name)), M.categoryAdded);
  });
  app.post('/category/update', { schema: { tags, body: updateCategoryBody }, onRequest: manage }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateCategory(tx, req.actor!, req.body.categoryId, req.body.name)), M.categoryUpdated);
  });
  app.delete('/category/remove', { schema: { tags, body: categoryIdBody }, onRequest: manage }, async (req, reply) => {
    await req.tx((tx) => removeCategory(tx, req.actor!, req.body.categoryId));
    return ok(reply, null, M.categoryDeleted);
  });

  app.post('/stock/list', { schema: { tags, body: stockListBody }, onRequest: stock }, async (req, reply) => {
    const page = await req.tx((tx) => listStock(tx, req.actor!, req.body));
    return ok(reply, toListResult(await items(req, page.rows), page.total, req.body, { lowStockCount: page.lowStockCount }));
  });
  app.post('/stock/adjust', { schema: { tags, body: adjustStockBody }, onRequest: stock }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => adjustStock(tx, req.actor!, req.body)), M.stockAdjusted);
  });
  app.post('/stock/history', { schema: { tags, body: stockHistoryBody }, onRequest: stock }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => stockHistory(tx, req.actor!, req.body)));
  });

  app.post('/schoolStore', { schema: { tags, body: z.object({ adminId: uuid }) }, onRequest: superadmin }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => getSchoolStore(tx, req.actor!, req.body.adminId)));
  });
  app.post('/setSchoolStore', { schema: { tags, body: schoolStoreBody }, onRequest: superadmin }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => setSchoolStore(tx, req.actor!, req.body.adminId, req.body.showStore)), M.schoolStoreSet);
  });
};

/** Browsing under /api/schoolStore: the school's store and the provider's. */
export const schoolStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  const browse = [app.requireAuth(...BROWSE_ROLES), storeOpen];

  app.post('/getStoreList', { schema: { tags, body: browseListBody }, onRequest: browse }, async (req, reply) => {
    const page = await req.tx((tx) => browseProducts(tx, req.actor!, req.body));
    const images = await itemImages(db, fileLinks, req.actor!, page.rows);
    const results = page.rows.map((r) => presentItem(r, r.imageFileId ? images.get(r.imageFileId) : undefined));
    return ok(reply, toListResult(results, page.total, req.body));
  });

  app.post('/getCategories', { schema: { tags }, onRequest: browse }, async (req, reply) => {
    return ok(reply, { results: await req.tx((tx) => browseCategories(tx, req.actor!)) });
  });
};

/** docs/domains/store.md "Data and calls"'s seller calls under /api/seller: the provider's alone. */
export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const superadmin = app.requireAuth(...SELLER_ROLES);
  app.post('/add', { schema: { tags, body: sellerBody }, onRequest: superadmin }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => addSeller(tx, req.actor!, req.body)), M.sellerAdded);
  });
  app.get('/get', { schema: { tags, querystring: sellerListQuery }, onRequest: superadmin }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => listSellers(tx, req.actor!, req.query)));
  });
  app.post('/update/:id', { schema: { tags, params: sellerIdParams, body: sellerBody }, onRequest: superadmin }, async (req, reply) => {
    return ok(reply, await req.tx((tx) => updateSeller(tx, req.actor!, req.params.id, req.body)), M.sellerUpdated);
  });
  app.delete('/delete/:id', { schema: { tags, params: sellerIdParams }, onRequest: superadmin }, async (req, reply) => {
    await req.tx((tx) => deleteSeller(tx, req.actor!, req.params.id));
    return ok(reply, null, M.sellerDeleted);
  });
};
