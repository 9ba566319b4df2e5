import type { Role } from '../../shared/roles.js';
import { BIZ_READER_ROLES } from '../../shared/contracts/my-biz.js';

/**
 * Who may do what with Build My Biz (issue 17). Pure, with a matrix test.
 *
 * - Writing categories and articles: the superadmin alone (docs/domains/biz-learn-more-help-support.md "Who may do what"); 403 for everyone else.
 * - Reading: the superadmin everything, drafts too; admins, sub-admins and teachers (the roles
 *   whose tables have /MyBizNew) the published articles; a draft is "not found" to them, never
 *   "refused". Students and parents have no Build My Biz: 403.
 * - A school's Learn More page: its own students read it, and its office (admin, sub-admin) to see
 *   what students see; another school's page is not found. The admin writes the school's text.
 */
export const mayWriteBiz = (role: Role): boolean => role === 'superadmin';

export const BIZ_ROLES: readonly Role[] = ['superadmin', ...BIZ_READER_ROLES];

export const mayReadBiz = (role: Role): boolean => BIZ_ROLES.includes(role);

export const seesBizDrafts = (role: Role): boolean => role === 'superadmin';

export function decideReadBizArticle(role: Role, article: { published: boolean }): 'allow' | 'forbidden' | 'not-found' {
  if (!mayReadBiz(role)) return 'forbidden';
  return article.published || seesBizDrafts(role) ? 'allow' : 'not-found';
}

export const LEARN_MORE_READER_ROLES: readonly Role[] = ['student', 'admin', 'subadmin'];

export function decideReadLearnMore(reader: { role: Role; adminId: string | null }, schoolId: string): 'allow' | 'forbidden' | 'not-found' {
  if (!LEARN_MORE_READER_ROLES.includes(reader.role)) return 'forbidden';
  return reader.adminId === schoolId ? 'allow' : 'not-found';
}

export const mayWriteLearnMore = (role: Role): boolean => role === 'admin';
