import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { forbidden } from '../../lib/http-errors.js';
import { toListResult } from '../../lib/paging.js';
import { storeOpenFor } from '../../policies/store.js';
import { BROWSE_ROUTES as B, SELLER_ROUTES as S, STORE_MESSAGES as M, STORE_ROUTES as R } from '../../../shared/contracts/store.js';
import { addCategory, browseCategories, listCategories, removeCategory, updateCategory } from './categories.js';
import { itemImages } from './item-images.js';
import { presentItem, type ProductWithNames } from './presenter.js';
import { addProduct, browseProducts, listProducts, listStock, removeProduct, searchProducts, updateProduct, viewProduct } from './product-service.js';
import { getSchoolStore, setSchoolStore } from './school-store.js';
import { addSeller, deleteSeller, listSellers, updateSeller } from './sellers.js';
import { adjustStock, stockHistory } from './stock.js';

/**
 * A school without showStore has no store: refused before its body is read (decision 045). A
 * plugin's preValidation hook, so it runs after the contract's guard has set the actor. The
 * superadmin's store is always open, so the superadmin's own calls pass it too.
 */
export async function storeOpen(req: FastifyRequest, _reply: FastifyReply) {
  if (!storeOpenFor(req.actor!)) throw forbidden(M.storeOff);
}

/** Store calls under /api/store (issue 16): the store's items, categories and Inventory. */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  app.addHook('preValidation', storeOpen);

  const items = async (req: FastifyRequest, rows: ProductWithNames[]) => {
    const images = await itemImages(db, fileLinks, req.actor!, rows);
    return rows.map((r) => presentItem(r, r.imageFileId ? images.get(r.imageFileId) : undefined));
  };

  contractRoute(app, R.list, async (req) => {
    const page = await req.tx((tx) => listProducts(tx, req.actor!, req.body));
    return toListResult(await items(req, page.rows), page.total, req.body);
  });

  contractRoute(app, R.add, async (req) => {
    const row = await req.tx(async (tx) => viewProduct(tx, req.actor!, await addProduct(tx, req.actor!, fileLinks, req.body)));
    return answer((await items(req, [row]))[0]!, M.added);
  });

  contractRoute(app, R.update, async (req) => {
    const row = await req.tx(async (tx) => viewProduct(tx, req.actor!, await updateProduct(tx, req.actor!, fileLinks, req.body)));
    return answer((await items(req, [row]))[0]!, M.updated);
  });

  contractRoute(app, R.remove, async (req) => {
    await req.tx((tx) => removeProduct(tx, req.actor!, req.body.id));
    return answer(null, M.deleted);
  });

  contractRoute(app, R.view, async (req) => {
    const row = await req.tx((tx) => viewProduct(tx, req.actor!, req.params.id));
    return (await items(req, [row]))[0]!;
  });

  contractRoute(app, R.search, async (req) => {
    const page = await req.tx((tx) => searchProducts(tx, req.actor!, req.body.item_name));
    return { results: await items(req, page.rows), totalCount: page.total };
  });

  contractRoute(app, R.categories, async (req) => ({ results: await req.tx((tx) => listCategories(tx, req.actor!)) }));
  contractRoute(app, R.addCategory, async (req) => answer(await req.tx((tx) => addCategory(tx, req.actor!, req.body.name)), M.categoryAdded));
  contractRoute(app, R.updateCategory, async (req) =>
    answer(await req.tx((tx) => updateCategory(tx, req.actor!, req.body.categoryId, req.body.name)), M.categoryUpdated));
  contractRoute(app, R.removeCategory, async (req) => {
    await req.tx((tx) => removeCategory(tx, req.actor!, req.body.categoryId));
    return answer(null, M.categoryDeleted);
  });

  contractRoute(app, R.stockList, async (req) => {
    const page = await req.tx((tx) => listStock(tx, req.actor!, req.body));
    return toListResult(await items(req, page.rows), page.total, req.body, { lowStockCount: page.lowStockCount });
  });
  contractRoute(app, R.adjustStock, async (req) => answer(await req.tx((tx) => adjustStock(tx, req.actor!, req.body)), M.stockAdjusted));
  contractRoute(app, R.stockHistory, (req) => req.tx((tx) => stockHistory(tx, req.actor!, req.body)));

  contractRoute(app, R.schoolStore, (req) => req.tx((tx) => getSchoolStore(tx, req.actor!, req.body.adminId)));
  contractRoute(app, R.setSchoolStore, async (req) =>
    answer(await req.tx((tx) => setSchoolStore(tx, req.actor!, req.body.adminId, req.body.showStore)), M.schoolStoreSet));
};

/** Browsing under /api/schoolStore: the school's store and the provider's. */
export const schoolStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  app.addHook('preValidation', storeOpen);

  contractRoute(app, B.list, async (req) => {
    const page = await req.tx((tx) => browseProducts(tx, req.actor!, req.body));
    const images = await itemImages(db, fileLinks, req.actor!, page.rows);
    const results = page.rows.map((r) => presentItem(r, r.imageFileId ? images.get(r.imageFileId) : undefined));
    return toListResult(results, page.total, req.body);
  });

  contractRoute(app, B.categories, async (req) => ({ results: await req.tx((tx) => browseCategories(tx, req.actor!)) }));
};

/** docs/domains/store.md "Data and calls"'s seller calls under /api/seller: the provider's alone. */
export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, S.add, async (req) => answer(await req.tx((tx) => addSeller(tx, req.actor!, req.body)), M.sellerAdded));
  contractRoute(app, S.list, (req) => req.tx((tx) => listSellers(tx, req.actor!, req.query)));
  contractRoute(app, S.update, async (req) => answer(await req.tx((tx) => updateSeller(tx, req.actor!, req.params.id, req.body)), M.sellerUpdated));
  contractRoute(app, S.remove, async (req) => {
    await req.tx((tx) => deleteSeller(tx, req.actor!, req.params.id));
    return answer(null, M.sellerDeleted);
  });
};
