import { z } from 'zod';
import { uuid } from './common.js';
import { iframeSnippet } from '../embed.js';
import { defineRoute } from './route.js';
import { storeItem } from './store.js';
import type { Role } from '../roles.js';

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
const storeWidgetChoice = storeItem.pick({ _id: true, item_name: true, item_price: true, inStock: true });
export type StoreWidgetChoice = z.infer<typeof storeWidgetChoice>;

/** The builder's state: the chosen items in their order, and the store's items to choose from. */
const storeWidgetBuilder = z.object({ adminId: z.string(), chosen: z.array(storeItem), available: z.array(storeWidgetChoice) });
export type StoreWidgetBuilder = z.infer<typeof storeWidgetBuilder>;

/** What the public page shows of an item: no stock count, only whether it can be bought. */
const publicStoreItem = storeItem.pick({ _id: true, item_name: true, item_code: true, item_price: true, item_image: true, inStock: true });
export type PublicStoreItem = z.infer<typeof publicStoreItem>;
const publicStoreWidget = z.object({ adminId: z.string(), school_name: z.string(), items: z.array(publicStoreItem) });
export type PublicStoreWidget = z.infer<typeof publicStoreWidget>;

// --- routes (decision 059) ----------------------------------------------------------------

const tags = ['store: widget'] as const;
/**
 * Store Builder is the admin's alone (docs/domains/store.md "Who may do what"; the sub-admin's route
 * table lacks it); server/policies/store.ts decides with the same list. The public page needs no sign-in.
 */
export const STORE_WIDGET_ROLES = ['admin'] as const satisfies readonly Role[];
export const STORE_WIDGET_ROUTES = {
  get: defineRoute({ method: 'POST', path: '/store/widget/get', response: storeWidgetBuilder, meta: { roles: STORE_WIDGET_ROLES, tags, lapsedSchool: 'open' } }),
  set: defineRoute({ method: 'POST', path: '/store/widget/set', body: setStoreWidgetBody, response: storeWidgetBuilder, meta: { roles: STORE_WIDGET_ROLES, tags } }),
  public: defineRoute({ method: 'POST', path: '/store/widget/public', body: publicStoreWidgetBody, response: publicStoreWidget, meta: { roles: 'public', tags } }),
};

export const storeWidgetPagePath = (adminId: string) => `/widget/store/${adminId}`;
export const STORE_WIDGET_FRAME = { title: 'Our store', height: 900 } as const;
export const storeWidgetSnippet = (url: string) => iframeSnippet(url, STORE_WIDGET_FRAME.title, STORE_WIDGET_FRAME.height, 960);
