import type { Tx } from '../../db/client.js';
import { recordActivity } from '../activities/index.js';
import { createInvitedUsers, type NewInvitedUser } from '../auth/index.js';
import { assertPlanRoom } from '../school-plans/index.js';
import { addParentLinks, joinHousehold } from '../families/index.js';
import { studentGenres, studentTeachers } from '../../db/schema/index.js';
import type { ImportPreview } from '../../../shared/contracts/members.js';
import { presentPreview } from './import-preview.js';
import { isPrivateTeacher } from './access.js';
import { schoolOf } from './add-member.js';
import type { MemberContext } from './context.js';
import { checkImport, type CheckedRow, type ImportFile } from './import-rows.js';

const BATCH = 500;

/** Every row of the file with its errors; nothing is saved. */
export async function previewImport(tx: Tx, ctx: MemberContext, file: ImportFile): Promise<ImportPreview> {
  return presentPreview(await checkImport(tx, schoolOf(ctx), file), file, (r) => Boolean(r.student));
}

/**
 * Saves the rows that can be imported, in the caller's one transaction: each student invited,
 * a parent already in the school (same email) linked, a new parent invited once for all their
 * children in the file. A few statements per 200 rows, whatever the file. Answers the count.
 */
export async function importStudents(tx: Tx, ctx: MemberContext, file: ImportFile): Promise<number> {
  const adminId = schoolOf(ctx);
  const rows = (await checkImport(tx, adminId, file)).filter((r) => r.student);
  if (rows.length === 0) return 0;
  // The plan counts active students (the status rule): one imported inactive takes no place.
  await assertPlanRoom(tx, adminId, 'student', rows.filter((r) => !r.inactive).length);
  const invite = (list: NewInvitedUser[]) => createInvitedUsers(tx, ctx.appUrl, ctx.actor.user.schoolName ?? '', list);
  const person = (p: { username: string; email: string; first_name: string; last_name: string; cellPhone: string }, role: 'student' | 'parent', active = true): NewInvitedUser =>
    ({ adminId, role, username: p.username, email: p.email, firstName: p.first_name, lastName: p.last_name, cellPhone: p.cellPhone, active });

  const newParents = rows.flatMap((r) => (r.parent && 'form' in r.parent ? [r.parent.form] : []));
  const newParentIds = await invite(newParents.map((p) => person(p, 'parent')));
  const parentByEmail = new Map(newParents.map((p, i) => [p.email.toLowerCase(), newParentIds[i]!]));
  const studentIds = await invite(rows.map((r) => person(r.student!, 'student', !r.inactive)));

  const parentOf = (r: CheckedRow): string | undefined => {
    if (!r.parent) return undefined;
    if ('existingId' in r.parent) return r.parent.existingId;
    return parentByEmail.get('form' in r.parent ? r.parent.form.email.toLowerCase() : r.parent.sameAsEmail);
  };
  const instruments = rows.flatMap((r, i) => r.student!.instruments.map((x) => ({ adminId, studentId: studentIds[i]!, genreId: x.genreId, level: x.level })));
  const parents = rows.flatMap((r, i) => {
    const parentId = parentOf(r);
    return parentId ? [{ adminId, parentId, studentId: studentIds[i]! }] : [];
  });
  // A private teacher is the one teacher of their school: the students are theirs.
  const teachers = isPrivateTeacher(ctx.actor) ? studentIds.map((studentId) => ({ adminId, studentId, teacherId: adminId })) : [];
  for (let start = 0; start < Math.max(instruments.length, parents.length, teachers.length); start += BATCH) {
    const slice = <T>(list: T[]) => list.slice(start, start + BATCH);
    if (slice(instruments).length > 0) await tx.insert(studentGenres).values(slice(instruments));
    if (slice(parents).length > 0) await addParentLinks(tx, slice(parents));
    if (slice(teachers).length > 0) await tx.insert(studentTeachers).values(slice(teachers));
  }
  // Each parent's children of the file join that parent's family (one made when they have none).
  const childrenOf = new Map<string, string[]>();
  for (const p of parents) childrenOf.set(p.parentId, [...(childrenOf.get(p.parentId) ?? []), p.studentId]);
  for (const [parentId, studentIds] of childrenOf) {
    await joinHousehold(tx, { schoolId: adminId, parentIds: [parentId], studentIds, actorId: ctx.actor.accountableId, ip: ctx.actor.ip });
  }
  await recordActivity(tx, { adminId, actorId: ctx.actor.accountableId, action: 'member.imported', ip: ctx.actor.ip, meta: { count: rows.length } });
  return rows.length;
}
