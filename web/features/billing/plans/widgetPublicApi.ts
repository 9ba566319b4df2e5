import type { PublicWidget } from '../../../../shared/contracts/plan-widgets';
import type { Widget } from '../../../../shared/plan-widgets-text';
import { readPublic } from '../../../lib/publicRead';

/** WIDGET_ROUTES.publicSchool's address (decision 077: a widget's page paints without its contract). */
export const PUBLIC_WIDGET_SCHOOL = { method: 'POST', path: '/widget/public/school' } as const;

/** A widget page's school (no session: the visitor of a school's website has none). */
export async function fetchPublicWidget(adminId: string, widget: Widget): Promise<PublicWidget> {
  return readPublic<PublicWidget>(PUBLIC_WIDGET_SCHOOL, { adminId, widget });
}
