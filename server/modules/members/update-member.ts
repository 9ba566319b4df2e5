import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { recordActivity } from '../activities/index.js';
import { assertEmailFreeInSchool, reinviteAfterEmailChange, rethrowUniqueUser, updateAccount } from '../auth/index.js';
import { PERSON_UPDATE_FORMS, ROLE_OF_KIND, type PersonKindPath } from '../../../shared/contracts/members.js';
import { isPrivateTeacher } from './access.js';
import { accountColumns } from './add-member.js';
import type { MemberContext } from './context.js';
import {
  checkParentLinks, checkStudentLinks, checkTeacherLinks, writeParentLinks, writeStudentLinks, writeTeacherLinks,
} from './member-links.js';
import { authorizeMember, findPerson } from './member-targets.js';
import { loadDetails } from './member-details.js';
import { presentMember } from './presenter.js';

type Forms = typeof PERSON_UPDATE_FORMS;
export type AnyPersonUpdate = z.output<Forms[PersonKindPath]>;

/**
 * Changes a person's details and replaces their link lists; a changed email must be proven again,
 * and the links mailed to the old one stop working.
 */
export async function updateMember(tx: Tx, ctx: MemberContext, kind: PersonKindPath, form: AnyPersonUpdate) {
  const role = ROLE_OF_KIND[kind];
  const person = await authorizeMember(tx, ctx.actor, 'update', role, form.id);
  const adminId = person.adminId!;
  await assertEmailFreeInSchool(tx, form.email, adminId, person.id);

  if (role === 'student') {
    const f = form as z.output<Forms['students']>;
    const teacherIds = isPrivateTeacher(ctx.actor) ? [adminId] : f.teacherIds;
    const links = { instruments: f.instruments, teacherIds, parentIds: f.parentIds };
    await checkStudentLinks(tx, adminId, links);
    await writeStudentLinks(tx, adminId, person.id, links);
  } else if (role === 'teacher') {
    const f = form as z.output<Forms['teachers']>;
    await checkTeacherLinks(tx, ctx.actor, f);
    await writeTeacherLinks(tx, adminId, person.id, f, 'change');
  } else if (role === 'parent') {
    const f = form as z.output<Forms['parents']>;
    await checkParentLinks(tx, adminId, f.childIds);
    await writeParentLinks(tx, adminId, person.id, f.childIds);
  }
  const emailChanged = form.email.toLowerCase() !== (person.email ?? '').toLowerCase();
  await updateAccount(tx, person.id, {
    ...accountColumns(form),
    email: form.email,
    ...(role === 'subadmin' ? { allowPayrollReport: (form as z.output<Forms['subadmins']>).allow_payroll_report } : {}),
    ...(emailChanged ? { emailVerifiedAt: null } : {}),
    updatedAt: new Date(),
  }).catch(rethrowUniqueUser);
  if (emailChanged) await reinviteAfterEmailChange(tx, ctx.appUrl, ctx.actor.user.schoolName ?? '', { ...person, adminId, email: form.email });
  await recordActivity(tx, { adminId, actorId: ctx.actor.accountableId, action: 'member.updated', targetUserId: person.id, ip: ctx.actor.ip });
  const updated = (await findPerson(tx, person.id))!;
  return presentMember(updated, (await loadDetails(tx, role, [person.id], ctx.actor)).get(person.id));
}
