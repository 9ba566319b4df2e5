import type { RequestAuth } from '../../../plugins/auth.js';
import { actingOf, type Acting } from '../../../lib/member-actor.js';
import { showsCalendarDetail } from '../../../policies/scheduling.js';

/** Who acts (the role that decides), and whether the calendar detail rule shows names to the real person. */
export type Viewer = { acting: Acting; detail: boolean };

export function viewerOf(auth: RequestAuth, ip: string | null): Viewer {
  const viewer = auth.actor?.role ?? auth.user.role;
  const viewed = auth.actor ? auth.user.role : null;
  return { acting: actingOf(auth, ip), detail: showsCalendarDetail(viewer, viewed) };
}
