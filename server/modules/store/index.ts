/**
 * The store module's one entry (issue 16, first part): a school's store and the provider's, their
 * items, categories and stock (Inventory), the provider's sellers, and browsing (/store). The
 * cart, checkout and orders come next and change stock only through changeStock.
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedStoreDemo } from './demo.js';
import { schoolStoreRoutes, sellerRoutes, storeRoutes } from './routes.js';

export const store: ModuleDefinition = {
  name: 'store',
  routes: [
    { plugin: storeRoutes, prefix: '/store' },
    { plugin: schoolStoreRoutes, prefix: '/schoolStore' },
    { plugin: sellerRoutes, prefix: '/seller' },
  ],
  seedDemo: seedStoreDemo,
};

export { changeStock, type StockChange } from './stock.js';
export { itemImages } from './item-images.js';
export { enforce } from './product-access.js';
