import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { recordActivity } from '../activities/index.js';
import { AppError, badRequest } from '../../lib/http-errors.js';
import { createInvitedUser, type NewInvitedUser } from '../auth/index.js';
import { joinHousehold } from '../families/index.js';
import { assertPlanRoom } from '../school-plans/index.js';
import {
  ROLE_OF_KIND, type parentForm, type PersonKindPath, type studentForm, type subadminForm, type teacherForm,
} from '../../../shared/contracts/members.js';
import { isPrivateTeacher } from './access.js';
import type { MemberContext } from './context.js';
import {
  checkParentLinks, checkStudentLinks, checkTeacherLinks, writeParentLinks, writeStudentLinks, writeTeacherLinks,
} from './member-links.js';
import { findPerson } from './member-targets.js';
import { loadDetails } from './member-details.js';
import { presentMember } from './presenter.js';

export type AnyPersonForm = z.output<typeof subadminForm> | z.output<typeof teacherForm> | z.output<typeof studentForm> | z.output<typeof parentForm>;

export const SCHOOL_NEEDED = 'Sign in as the school to add its people';

/** The school a new person joins: the actor's own (a superadmin acts through login-as). */
export function schoolOf(ctx: MemberContext): string {
  if (!ctx.actor.adminId) throw badRequest(SCHOOL_NEEDED);
  return ctx.actor.adminId;
}

type AccountFields = Pick<AnyPersonForm, 'first_name' | 'last_name' | 'cellPhone' | 'address1' | 'city' | 'state' | 'postal_code'>;
type InviteFields = Pick<AnyPersonForm, 'first_name' | 'last_name' | 'username' | 'email' | 'cellPhone'>;

/** The account columns every kind shares. */
export const accountColumns = (f: AccountFields) => ({
  firstName: f.first_name, lastName: f.last_name, cellPhone: f.cellPhone,
  address1: f.address1, city: f.city, state: f.state, postalCode: f.postal_code,
});

/** The new parent's failures show under the newParent fields of the form. */
function underNewParent(error: unknown): never {
  if (error instanceof AppError && error.errors) {
    const errors = Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [`newParent.${k}`, v]));
    throw new AppError(error.status, error.message, errors);
  }
  throw error;
}

/**
 * A new person of the school with an invitation email (nobody types a password for someone
 * else) and their links. A student's new parent is invited and linked in the same transaction,
 * and the student joins their parents' family (one made when they have none).
 * The caller triggers email delivery after commit.
 */
export async function addMember(tx: Tx, ctx: MemberContext, kind: PersonKindPath, form: AnyPersonForm) {
  const adminId = schoolOf(ctx);
  const role = ROLE_OF_KIND[kind];
  const activity = (targetUserId: string) => recordActivity(tx, { adminId, actorId: ctx.actor.accountableId, action: 'member.added', targetUserId, ip: ctx.actor.ip });
  const invite = (f: InviteFields, r: typeof role, extra: Partial<NewInvitedUser> = {}) =>
    createInvitedUser(tx, ctx.appUrl, ctx.actor.user.schoolName ?? '', {
      adminId, role: r, username: f.username, email: f.email, firstName: f.first_name, lastName: f.last_name, cellPhone: f.cellPhone, ...extra,
    });

  // The plan's limit (HTTP 402 past it): the 51st student on a 50-student plan.
  await assertPlanRoom(tx, adminId, role);
  let id: string;
  if (role === 'student') {
    const f = form as z.output<typeof studentForm>;
    // A private teacher is the one teacher of their school: their students are theirs.
    const teacherIds = isPrivateTeacher(ctx.actor) ? [adminId] : f.teacherIds;
    const links = { instruments: f.instruments, teacherIds, parentIds: f.parentIds };
    await checkStudentLinks(tx, adminId, links);
    id = await invite(f, role, accountColumns(f));
    if (f.newParent) {
      const parentId = await invite(f.newParent, 'parent').catch(underNewParent);
      await activity(parentId);
      links.parentIds = [...links.parentIds, parentId];
    }
    await writeStudentLinks(tx, adminId, id, links);
    await joinHousehold(tx, { schoolId: adminId, parentIds: links.parentIds, studentIds: [id], actorId: ctx.actor.accountableId, ip: ctx.actor.ip });
  } else if (role === 'teacher') {
    const f = form as z.output<typeof teacherForm>;
    await checkTeacherLinks(tx, ctx.actor, f);
    id = await invite(f, role, accountColumns(f));
    await writeTeacherLinks(tx, adminId, id, f, 'new');
  } else if (role === 'parent') {
    const f = form as z.output<typeof parentForm>;
    await checkParentLinks(tx, adminId, f.childIds);
    id = await invite(f, role, accountColumns(f));
    await writeParentLinks(tx, adminId, id, f.childIds);
  } else {
    const f = form as z.output<typeof subadminForm>;
    id = await invite(f, role, { ...accountColumns(f), allowPayrollReport: f.allow_payroll_report });
  }
  await activity(id);
  const person = (await findPerson(tx, id))!;
  return presentMember(person, (await loadDetails(tx, role, [id], ctx.actor)).get(id));
}
