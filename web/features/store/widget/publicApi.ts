import type { PublicStoreWidget } from '../../../../shared/contracts/store-widget';
import { readPublic } from '../../../lib/publicRead';

/** STORE_WIDGET_ROUTES.public's address (decision 077: the store widget paints without its contract). */
export const PUBLIC_STORE_WIDGET = { method: 'POST', path: '/store/widget/public' } as const;

/** The public widget page's store (no session: the visitor of a school's website has none). */
export async function fetchPublicStoreWidget(adminId: string): Promise<PublicStoreWidget> {
  return readPublic<PublicStoreWidget>(PUBLIC_STORE_WIDGET, { adminId });
}
