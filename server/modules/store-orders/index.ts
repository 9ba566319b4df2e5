/**
 * The store's buying side (issue 16, decision 046): the cart, the address kept per user, checkout
 * charged once through the store's merchant account, orders, their statuses and refunds, and the
 * store's tax rate. Stock changes only through the store module's changeStock.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedStoreOrdersDemo } from './demo.js';
import { cartRoutes, orderRoutes } from './routes.js';

export const storeOrders: ModuleDefinition = {
  name: 'store-orders',
  routes: [
    { plugin: cartRoutes, prefix: '/cart' },
    { plugin: orderRoutes, prefix: '/order' },
  ],
  seedDemo: seedStoreOrdersDemo,
};

export { storeScope } from './checkout.js';
export { totalsOf } from './totals.js';
export { orderDetails } from './orders.js';
