/**
 * The store module's one entry (issue 16, first part): a school's store and the provider's, their
 * items, categories and stock (Inventory), the provider's sellers, and browsing (/store). The
 * cart, checkout and orders come next and change stock only through changeStock. Store Builder
 * and the public store widget choose and show some of a school's items (widget-*.ts).
 */
import type { ModuleDefinition } from '../../lib/module-definition.js';
import { seedStoreDemo } from './demo.js';
import { schoolStoreRoutes, sellerRoutes, storeRoutes } from './routes.js';
import { publicStoreWidgetRoutes, storeWidgetRoutes } from './widget-routes.js';

export const store: ModuleDefinition = {
  name: 'store',
  routes: [
    { plugin: storeRoutes },
    { plugin: storeWidgetRoutes },
    { plugin: publicStoreWidgetRoutes },
    { plugin: schoolStoreRoutes },
    { plugin: sellerRoutes },
  ],
  seedDemo: seedStoreDemo,
};

export { changeStock, type StockChange } from './stock.js';
/** For the bench's bare server: the product list's own statement. */
export { productPageQuery, storeItemsOf } from './product-service.js';
export { presentItem } from './presenter.js';
export { itemImages } from './item-images.js';
export { enforce } from './product-access.js';
/** The store's gate (403 without showStore), for the store's other modules' routes. */
export { storeOpen } from './routes.js';
/** store_cart_items' writes for store-orders (decision 058). */
export { removeCartLine, removeCartLines, setCartLine, type NewCartLine } from './cart-lines.js';
