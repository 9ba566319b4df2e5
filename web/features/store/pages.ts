/** The store feature's pages for the app layer's router (web/app/pages.ts): loaders only. */
export const storePages = {
  StorePage: () => import('./StorePage'),
  ProductListingPage: () => import('./ProductListingPage'),
  ProductDetailsPage: () => import('./ProductDetailsPage'),
  StocksPage: () => import('./StocksPage'),
  SellerPage: () => import('./SellerPage'),
  OrderListingPage: () => import('./OrderListingPage'),
  OrderDetailsPage: () => import('./OrderDetailsPage'),
  StoreBuilderPage: () => import('./widget/StoreBuilderPage'),
  StoreWidgetPage: () => import('./widget/StoreWidgetPage'),
  StoreWidgetPublicPage: () => import('./widget/StoreWidgetPublicPage'),
  CustomerInvoicePage: () => import('./invoices/CustomerInvoicePage'),
  VendorInvoicePage: () => import('./invoices/VendorInvoicePage'),
};
