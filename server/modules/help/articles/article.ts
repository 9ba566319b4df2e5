import { type Role, SCHOOL_STAFF_ROLES } from '../../../../shared/roles.js';
import type { HelpLink } from '../../../../shared/contracts/help.js';

/**
 * One help article as written. `roles` are the readers it is for; a link shows to a reader only
 * when their route table has its screen (a test checks each link is some reader's).
 */
export type HelpArticleSource = {
  slug: string;
  title: string;
  topic: string;
  roles: readonly Role[];
  summary: string;
  steps: readonly string[];
  notes?: readonly string[];
  links: readonly HelpLink[];
  /** Words a reader may search for that the text does not use. */
  keywords?: readonly string[];
};

export const STAFF: readonly Role[] = SCHOOL_STAFF_ROLES;
export const SCHOOL_PEOPLE: readonly Role[] = ['admin', 'subadmin', 'teacher', 'student', 'parent'];
export const FAMILIES: readonly Role[] = ['student', 'parent'];
