/**
 * The store's buying side (issue 16, decision 046): the cart, the address kept per user, checkout
 * charged once through the store's merchant account, orders, their statuses and refunds, and the
 * store's tax rate. Stock changes only through the store module's changeStock.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedStoreOrdersDemo } from './demo.js';
import { storeOrderChargeKind } from './reconcile-orders.js';
import { cartRoutes, orderRoutes } from './routes.js';

export const storeOrders: ModuleDefinition = {
  name: 'store-orders',
  routes: [
    { plugin: cartRoutes },
    { plugin: orderRoutes },
  ],
  seedDemo: seedStoreOrdersDemo,
  // Checkouts and refunds whose gateway answer was lost: settled by the one reconciliation job (decisions 053, 070).
  chargeKinds: ({ db, config }) => [storeOrderChargeKind(db, { config })],
};

export { storeScope } from './checkout.js';
export { orderDetailsWithMoney, type OrderMoney } from './orders.js';
