import type { PublicStoreWidget } from '../../../../shared/contracts/store-widget';
import { API_BASE } from '../../../lib/api';
import { takePrefetched } from '../../../lib/prefetched';
import { readPublic } from '../../../lib/publicRead';

/** STORE_WIDGET_ROUTES.public's address (decision 077: the store widget paints without its contract). */
export const PUBLIC_STORE_WIDGET = { method: 'POST', path: '/store/widget/public' } as const;

/**
 * The public widget page's store (no session: the visitor of a school's website has none); on a
 * cold visit the route-preload script has already asked for it.
 */
export async function fetchPublicStoreWidget(adminId: string): Promise<PublicStoreWidget> {
  const body = { adminId };
  return readPublic<PublicStoreWidget>(PUBLIC_STORE_WIDGET, body, takePrefetched(`${API_BASE}${PUBLIC_STORE_WIDGET.path}`, body));
}
