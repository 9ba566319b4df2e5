import { INVOICE_ROUTES } from './contracts/billing-invoices.js';
import { COURSE_ROUTES } from './contracts/courses.js';
import { LIBRARY_ROUTES } from './contracts/library.js';
import type { RouteContract } from './contracts/route.js';
import { isSchoolStaff, isStaffOrProvider, ROLES_THAT_MAY_ACT, type AddRole, type Role } from './roles.js';
import type { Reach, SessionPermissions } from './contracts/session-permissions.js';

export type { Reach, SessionPermissions };

/**
 * What the signed-in viewer may do (decision 062): the one place that maps a role to what the web
 * shows. The server sends it with the session (`permissions` of the session user); the web reads
 * `user.permissions.x` instead of comparing roles, and asks `mayCall(contract, user)` whether a
 * route's guard (`meta.roles`, decision 059) would let it call. Record-level answers (may I edit
 * this course) come with the record, from its domain's policy.
 */


/**
 * What the rules read of the viewer (allowPayrollReport: a sub-admin's payroll right; absent, none;
 * realRole: in login-as, the role of the person who signed in; absent or null, none).
 */
export type Viewer = { role: Role; addrole: AddRole | null; showStore: boolean; allowPayrollReport?: boolean; realRole?: Role | null };

/** The one message of a card call refused in a login-as by staff (docs/wording.md). */
export const FAMILY_CARD_MESSAGE = "You cannot use a family's cards while logged in as them";

/**
 * Who may use a saved card, autopay and checkout (decision 069), read by server/policies/family-cards.ts
 * for every route whose contract says `usesFamilyCard` and by the web's buttons: the person acting
 * as themselves, or a parent acting as their child (login-as admits a parent only to their own
 * children, server/policies/auth.ts). Any other login-as (its real person is staff) is read-only.
 */
export const mayUseCards = (viewer: Pick<Viewer, 'role' | 'realRole'>): boolean =>
  viewer.realRole === undefined || viewer.realRole === null || (viewer.realRole === 'parent' && viewer.role === 'student');

/** The payroll right (server/policies/payroll.ts asks it too): the admin; a sub-admin only when allowed. */
export const hasPayrollRight = (viewer: Pick<Viewer, 'role' | 'allowPayrollReport'>): boolean =>
  viewer.role === 'admin' || (viewer.role === 'subadmin' && viewer.allowPayrollReport === true);

const REACH_OF_ROLE: Record<Role, Reach> = {
  student: 'self', parent: 'children', teacher: 'taught', admin: 'school', subadmin: 'school', superadmin: 'provider',
};

export function permissionsOf(viewer: Viewer): SessionPermissions {
  const { role } = viewer;
  const studio = role === 'admin' && viewer.addrole === 'Private teacher';
  const opensStore = role === 'superadmin' || viewer.showStore;
  return {
    reach: REACH_OF_ROLE[role],
    teachesOwnOnly: role === 'teacher' || studio,
    runsSchool: role === 'admin',
    privateTeacher: studio,
    picksTeacher: isSchoolStaff(role) && !studio,
    schoolOffice: isSchoolStaff(role),
    uploadsFiles: mayCall(LIBRARY_ROUTES.uploadMany, viewer),
    readsLessonHistory: isSchoolStaff(role) || role === 'teacher',
    downloadsInvoicePdf: mayCall(INVOICE_ROUTES.pdf, viewer),
    createsCourses: mayCall(COURSE_ROUTES.add, viewer),
    coursesWaitForApproval: role === 'teacher',
    actsAsOthers: ROLES_THAT_MAY_ACT.includes(role),
    overridesSchedule: isStaffOrProvider(role),
    opensStore,
    buysInStore: opensStore && role !== 'superadmin',
    managesOrders: isStaffOrProvider(role),
    runsPayroll: hasPayrollRight(viewer),
    usesFamilyCards: mayUseCards(viewer),
  };
}

/**
 * Whether the route's guard lets this viewer call it (decision 059 `meta.roles`): the web's "may I"
 * for a role-only decision reads the same value the server enforces.
 */
export function mayCall(contract: Pick<RouteContract, 'meta'>, viewer: { role: Role } | null): boolean {
  const { roles } = contract.meta;
  if (roles === 'public' || roles === 'optionalSession') return true;
  if (viewer === null) return false;
  return roles === 'signedIn' || roles.includes(viewer.role);
}
