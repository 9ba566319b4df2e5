import { z } from 'zod';
import { uuid } from './common.js';
import { iframeSnippet } from '../embed.js';
import type { StoreItem } from './store.js';

/**
 * The store builder and the store widget (issue 16): the admin picks which of the school's
 * products its embeddable store shows, and in which order; /widget/store/{schoolId} is the
 * public page (no sign-in) any website may frame. Calls under /api/store/widget.
 */
export const STORE_WIDGET_MAX = 50;

export const STORE_WIDGET_MESSAGES = {
  saved: 'Store widget saved',
  tooMany: `Please choose at most ${STORE_WIDGET_MAX} products`,
  duplicate: 'Each product can be chosen once',
  unknownProduct: 'Please choose products of this store',
  unavailable: 'This store is not available',
} as const;
const M = STORE_WIDGET_MESSAGES;

export const setStoreWidgetBody = z.object({
  productIds: z.array(uuid, { error: 'Products are Required' }).max(STORE_WIDGET_MAX, M.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, M.duplicate),
});
export type SetStoreWidgetValues = z.input<typeof setStoreWidgetBody>;

export const publicStoreWidgetBody = z.object({ adminId: uuid });

/** A product the builder may add: every item of the school's own store. */
export type StoreWidgetChoice = Pick<StoreItem, '_id' | 'item_name' | 'item_price' | 'inStock'>;

/** The builder's state: the chosen items in their order, and the store's items to choose from. */
export type StoreWidgetBuilder = { adminId: string; chosen: StoreItem[]; available: StoreWidgetChoice[] };

/** What the public page shows of an item: no stock count, only whether it can be bought. */
export type PublicStoreItem = Pick<StoreItem, '_id' | 'item_name' | 'item_code' | 'item_price' | 'item_image' | 'inStock'>;
export type PublicStoreWidget = { adminId: string; school_name: string; items: PublicStoreItem[] };

export const storeWidgetPagePath = (adminId: string) => `/widget/store/${adminId}`;
export const STORE_WIDGET_FRAME = { title: 'Our store', height: 900 } as const;
export const storeWidgetSnippet = (url: string) => iframeSnippet(url, STORE_WIDGET_FRAME.title, STORE_WIDGET_FRAME.height, 960);
