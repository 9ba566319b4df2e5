import type { storeOrders } from '../../db/schema/index.js';

/**
 * A store order's row, in a file of its own: settle-order.ts and order-news.ts type their orders
 * with it while presenter.ts imports settle-order.ts, so taking it from the presenter closed a
 * loop (no-cycle counts type imports, decision 060).
 */
export type OrderRow = typeof storeOrders.$inferSelect;
