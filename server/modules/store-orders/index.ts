/**
 * The store's buying side (issue 16, decision 046): the cart, the address kept per user, checkout
 * charged once through the store's merchant account, orders, their statuses and refunds, and the
 * store's tax rate. Stock changes only through the store module's changeStock.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedStoreOrdersDemo } from './demo.js';
import { RECONCILE_ORDERS_JOB, RECONCILE_ORDERS_SWEEP_MS, reconcileStoreOrders } from './reconcile-orders.js';
import { cartRoutes, orderRoutes } from './routes.js';

export const storeOrders: ModuleDefinition = {
  name: 'store-orders',
  routes: [
    { plugin: cartRoutes },
    { plugin: orderRoutes },
  ],
  seedDemo: seedStoreOrdersDemo,
  // Checkouts and refunds whose gateway answer was lost, settled within minutes (decision 053).
  jobs: ({ jobs, db, config }) => {
    jobs.register(RECONCILE_ORDERS_JOB, () => reconcileStoreOrders(db, { config }), RECONCILE_ORDERS_SWEEP_MS);
  },
};

export { storeScope } from './checkout.js';
export { orderDetailsWithMoney, type OrderMoney } from './orders.js';
