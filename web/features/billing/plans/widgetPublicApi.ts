import type { PublicWidget } from '../../../../shared/contracts/plan-widgets';
import type { Widget } from '../../../../shared/plan-widgets-text';
import { API_BASE } from '../../../lib/api';
import { takePrefetched } from '../../../lib/prefetched';
import { readPublic } from '../../../lib/publicRead';

/** WIDGET_ROUTES.publicSchool's address (decision 077: a widget's page paints without its contract). */
export const PUBLIC_WIDGET_SCHOOL = { method: 'POST', path: '/widget/public/school' } as const;

/**
 * A widget page's school (no session: the visitor of a school's website has none); on a cold
 * visit the route-preload script has already asked for it.
 */
export async function fetchPublicWidget(adminId: string, widget: Widget): Promise<PublicWidget> {
  const body = { adminId, widget };
  return readPublic<PublicWidget>(PUBLIC_WIDGET_SCHOOL, body, takePrefetched(`${API_BASE}${PUBLIC_WIDGET_SCHOOL.path}`, body));
}
