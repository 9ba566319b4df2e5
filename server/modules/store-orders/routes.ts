import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Actor } from '../../lib/actor.js';
import { ok } from '../../lib/envelope.js';
import { forbidden } from '../../lib/http-errors.js';
import { toListResult } from '../../lib/paging.js';
import { BROWSE_ROLES, storeOpenFor, storeOwnerOf } from '../../policies/store.js';
import { BUYER_ROLES, ORDER_LIST_ROLES, TAX_ROLES, maySetTaxRate } from '../../policies/store-orders.js';
import { STORE_MESSAGES } from '../../../shared/contracts/store.js';
import {
  ORDER_MESSAGES as M, addToCartBody, addToOrderBody, buyerOrderListBody, formatOrderNumber, orderAddressBody, orderIdParams, removeCartBody,
  storeOrderListBody, taxRateBody, updateStatusBody, viewCartBody, type CheckoutCards,
} from '../../../shared/contracts/store-orders.js';
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

const tags = ['store'];

/** A school without showStore has no store, its cart and orders included (decision 045). */
async function storeOpen(req: FastifyRequest, _reply: FastifyReply) {
  if (!storeOpenFor(req.actor!)) throw forbidden(STORE_MESSAGES.storeOff);
}

async function cartAnswer(db: Database, signer: FileLinkSigner, actor: Actor) {
  const cart = await db.transaction(actor.tenant, (tx) => loadCart(tx, actor.id));
  return presentCart(cart, await itemImages(db, signer, actor, cart.rows.map((r) => r.product)));
}

/** docs/domains/store.md "Data and calls"'s cart calls under /api/cart: the caller's own cart (the session decides whose). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks } = app.services;
  const buyer = [app.requireAuth(...BUYER_ROLES), storeOpen];

  app.post('/addtoCart', { schema: { tags, body: addToCartBody }, onRequest: buyer }, async (req, reply) => {
    await req.tx((tx) => addToCart(tx, req.actor!, req.body));
    return ok(reply, await cartAnswer(db, fileLinks, req.actor!), req.body.add ? M.addedToCart : M.cartUpdated);
  });
  app.post('/viewCart', { schema: { tags, body: viewCartBody }, onRequest: buyer }, async (req, reply) => {
    return ok(reply, await cartAnswer(db, fileLinks, req.actor!));
  });
  app.post('/removeCart', { schema: { tags, body: removeCartBody }, onRequest: buyer }, async (req, reply) => {
    await req.tx((tx) => removeFromCart(tx, req.actor!, req.body.storeId));
    return ok(reply, await cartAnswer(db, fileLinks, req.actor!), M.removedFromCart);
  });
};

/** docs/domains/store.md "Data and calls"'s order calls under /api/order, and the store's tax rate. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, fileLinks, config } = app.services;
  const buyer = [app.requireAuth(...BUYER_ROLES), storeOpen];
  const anyone = [app.requireAuth(...BROWSE_ROLES), storeOpen];
  const staff = [app.requireAuth(...ORDER_LIST_ROLES), storeOpen];
  const owner = [app.requireAuth(...TAX_ROLES), storeOpen];

  app.post('/addUserOrderAddress', { schema: { tags, body: orderAddressBody }, onRequest: buyer }, async (req, reply) => {
    const row = await req.tx((tx) => saveAddress(tx, req.actor!, req.body));
    return ok(reply, presentAddress(row, row.id), M.addressSaved);
  });
  app.post('/viewAddress', { schema: { tags, body: viewCartBody }, onRequest: buyer }, async (req, reply) => {
    const row = await req.tx((tx) => viewAddress(tx, req.actor!));
    return ok(reply, row ? presentAddress(row, row.id) : null);
  });

  // The caller's own saved cards for checkout's card step: billing keeps them (a student without a
  // parent); every other buyer has none and gets an empty list, never a 403. They pay the school's store only.
  const family = familyContextOf(app.services);
  app.post('/savedCards', { schema: { tags, body: viewCartBody }, onRequest: buyer }, async (req, reply) => {
    const results = await req.tx((tx) => ownCards(tx, req.actor!, family));
    return ok(reply, { results } satisfies CheckoutCards);
  });

  app.post('/addtoOrder', { schema: { tags, body: addToOrderBody }, onRequest: buyer }, async (req, reply) => {
    const { order, replayed } = await placeOrder(db, { config }, req.actor!, req.body);
    const details = await orderDetails(db, fileLinks, req.actor!, order.id);
    return ok(reply, { order: details, replayed }, M.orderPlaced(formatOrderNumber(order.orderNumber)));
  });

  app.post('/getorderList', { schema: { tags, body: buyerOrderListBody }, onRequest: buyer }, async (req, reply) => {
    const page = await req.tx((tx) => buyerOrderList(tx, req.actor!, req.body));
    return ok(reply, toListResult(page.rows, page.total, req.body));
  });
  app.post('/orderList', { schema: { tags, body: storeOrderListBody }, onRequest: staff }, async (req, reply) => {
    const page = await req.tx((tx) => storeOrderList(tx, req.actor!, req.body));
    return ok(reply, toListResult(page.rows, page.total, req.body));
  });
  app.get('/viewOrder/:id', { schema: { tags, params: orderIdParams }, onRequest: anyone }, async (req, reply) => {
    return ok(reply, await orderDetails(db, fileLinks, req.actor!, req.params.id));
  });
  app.post('/updateStatus', { schema: { tags, body: updateStatusBody }, onRequest: staff }, async (req, reply) => {
    const order = await updateOrderStatus(db, { config }, req.actor!, req.body.orderId, req.body.status);
    return ok(reply, await orderDetails(db, fileLinks, req.actor!, order.id), M.statusUpdated);
  });

  app.post('/taxRate', { schema: { tags }, onRequest: owner }, async (req, reply) => {
    const bp = await req.tx((tx) => taxRateOf(tx, storeOwnerOf(req.actor!)!));
    return ok(reply, { taxRate: bp / 100 });
  });
  app.post('/setTaxRate', { schema: { tags, body: taxRateBody }, onRequest: owner }, async (req, reply) => {
    if (!maySetTaxRate(req.actor!)) throw forbidden();
    const bp = await req.tx((tx) => setTaxRate(tx, storeOwnerOf(req.actor!)!, req.actor!.role === 'superadmin', Math.round(req.body.taxRate * 100)));
    return ok(reply, { taxRate: bp / 100 }, M.taxSaved);
  });
};
