import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../lib/actor.js';
import { answer, contractRoute } from '../../lib/contract-route.js';
import { forbidden } from '../../lib/http-errors.js';
import { toListResult } from '../../lib/paging.js';
import { storeOpenFor, storeOwnerOf } from '../../policies/store.js';
import { maySetTaxRate } from '../../policies/store-orders.js';
import { STORE_MESSAGES } from '../../../shared/contracts/store.js';
import { CART_ROUTES as C, ORDER_MESSAGES as M, ORDER_ROUTES as R, formatOrderNumber } from '../../../shared/contracts/store-orders.js';
import type { Database } from '../../db/client.js';
import type { FileLinkSigner } from '../../services/storage/signed-links.js';
import { familyContextOf, ownCards } from '../billing/index.js';
import { itemImages } from '../store/index.js';
import { saveAddress, viewAddress } from './addresses.js';
import { addToCart, loadCart, removeFromCart } from './cart.js';
import { placeOrder } from './checkout.js';
import { updateOrderStatus } from './order-status.js';
import { buyerOrderList, orderDetails, storeOrderList } from './orders.js';
import { presentAddress, presentCart } from './presenter.js';
import { setTaxRate, taxRateOf } from './totals.js';

/**
 * A school without showStore has no store, its cart and orders included (decision 045). After
 * the contract's guard (which sets the actor) and before the body is validated, as when it was
 * the guard's second hook: a closed store is 403 whatever the body.
 */
async function storeOpen(req: FastifyRequest) {
  if (!storeOpenFor(req.actor!)) throw forbidden(STORE_MESSAGES.storeOff);
}

async function cartAnswer(db: Database, signer: FileLinkSigner, actor: Actor) {
  const cart = await db.transaction(actor.tenant, (tx) => loadCart(tx, actor.id));
  return presentCart(cart, await itemImages(db, signer, actor, cart.rows.map((r) => r.product)));
}

/** docs/domains/store.md "Data and calls"'s cart calls under /api/cart: the caller's own cart (the session decides whose). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  app.addHook('preValidation', storeOpen);

  contractRoute(app, C.add, async (req) => {
    await req.tx((tx) => addToCart(tx, req.actor!, req.body));
    return answer(await cartAnswer(db, fileLinks, req.actor!), req.body.add ? M.addedToCart : M.cartUpdated);
  });
  contractRoute(app, C.view, (req) => cartAnswer(db, fileLinks, req.actor!));
  contractRoute(app, C.remove, async (req) => {
    await req.tx((tx) => removeFromCart(tx, req.actor!, req.body.storeId));
    return answer(await cartAnswer(db, fileLinks, req.actor!), M.removedFromCart);
  });
};

/** docs/domains/store.md "Data and calls"'s order calls under /api/order, and the store's tax rate. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks, config } = app.services;
  app.addHook('preValidation', storeOpen);

  contractRoute(app, R.saveAddress, async (req) => {
    const row = await req.tx((tx) => saveAddress(tx, req.actor!, req.body));
    return answer(presentAddress(row, row.id), M.addressSaved);
  });
  contractRoute(app, R.viewAddress, async (req) => {
    const row = await req.tx((tx) => viewAddress(tx, req.actor!));
    return row ? presentAddress(row, row.id) : null;
  });

  // The caller's own saved cards for checkout's card step: billing keeps them (a student without a
  // parent); every other buyer has none and gets an empty list, never a 403. They pay the school's store only.
  const family = familyContextOf(app.services);
  contractRoute(app, R.savedCards, async (req) => ({ results: await req.tx((tx) => ownCards(tx, req.actor!, family)) }));

  contractRoute(app, R.place, async (req) => {
    const { order, replayed } = await placeOrder(db, { config }, req.actor!, req.body);
    const details = await orderDetails(db, fileLinks, req.actor!, order.id);
    return answer({ order: details, replayed }, M.orderPlaced(formatOrderNumber(order.orderNumber)));
  });

  contractRoute(app, R.buyerList, async (req) => {
    const page = await req.tx((tx) => buyerOrderList(tx, req.actor!, req.body));
    return toListResult(page.rows, page.total, req.body);
  });
  contractRoute(app, R.storeList, async (req) => {
    const page = await req.tx((tx) => storeOrderList(tx, req.actor!, req.body));
    return toListResult(page.rows, page.total, req.body);
  });
  contractRoute(app, R.view, (req) => orderDetails(db, fileLinks, req.actor!, req.params.id));
  contractRoute(app, R.updateStatus, async (req) => {
    const order = await updateOrderStatus(db, { config }, req.actor!, req.body.orderId, req.body.status);
    return answer(await orderDetails(db, fileLinks, req.actor!, order.id), M.statusUpdated);
  });

  contractRoute(app, R.taxRate, async (req) => {
    const bp = await req.tx((tx) => taxRateOf(tx, storeOwnerOf(req.actor!)!));
    return { taxRate: bp / 100 };
  });
  contractRoute(app, R.setTaxRate, async (req) => {
    if (!maySetTaxRate(req.actor!)) throw forbidden();
    const bp = await req.tx((tx) => setTaxRate(tx, storeOwnerOf(req.actor!)!, req.actor!.role === 'superadmin', Math.round(req.body.taxRate * 100)));
    return answer({ taxRate: bp / 100 }, M.taxSaved);
  });
};
