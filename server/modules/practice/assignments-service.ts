import { and, asc, desc, eq, exists, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  classGroups, practiceAssignments, practiceAssignmentStudents, practiceItemCompletions, practiceItems,
} from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { fieldError, forbidden, notFound } from '../../lib/http-errors.js';
import { likePattern } from '../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import {
  decideAssignTo, decideCompleteItem, decideEditAssignment, decideViewAssignment, mayAssignPractice, mayReadPractice,
} from '../../policies/practice.js';
import {
  PRACTICE_MESSAGES as M, type PracticeAssignment, type PracticeCounts, type PracticeFormValues, type PracticeUpdateValues,
  type completeItemBody, type practiceListBody,
} from '../../../shared/contracts/practice.js';
import { isGroupOfTeacher, isOwnStudent, membersOfGroup, ownStudentsOf } from '../relations/index.js';
import { allDone, presentAssignments, type AssignmentRow, type Shown } from './assignment-presenter.js';
import { enforce, findSchoolStudent, readableStudent } from './practice-students.js';
import { notifyPeople } from '../notifications/index.js';
import { todayIn } from '../../../shared/school-clock.js';
import { schoolZoneOf } from '../../lib/school-clock.js';
import { isSchoolStaff } from '../../../shared/roles.js';

type ListQuery = z.output<typeof practiceListBody>;
type CompleteBody = z.output<typeof completeItemBody>;

/** The students of an assignment the actor is shown: all for staff, their own for everyone else. */
function shownTo(actor: Actor, onlyStudent?: string): Shown {
  return (column) => {
    const own = isSchoolStaff(actor.role) ? sql`true` : sql`${column} in ${ownStudentsOf(actor)}`;
    return onlyStudent ? sql`(${own} and ${column} = ${onlyStudent}::uuid)` : own;
  };
}

/** The assignments the actor may see: the school's for staff; what a teacher assigned; ones with an own student. */
function visibleTo(actor: Actor): SQL {
  const hasOwn = exists(sql`(select 1 from practice_assignment_students s where s.assignment_id = ${practiceAssignments.id}
    and s.student_id in ${ownStudentsOf(actor)})`);
  if (isSchoolStaff(actor.role)) return eq(practiceAssignments.adminId, actor.adminId!);
  if (actor.role === 'teacher') return or(eq(practiceAssignments.createdBy, actor.id), hasOwn)!;
  return hasOwn;
}

const canEditFor = (actor: Actor) => (row: AssignmentRow) => isSchoolStaff(actor.role) || (actor.role === 'teacher' && row.createdBy === actor.id);

async function todayOf(tx: Tx, actor: Actor, now: Date) {
  return todayIn(await schoolZoneOf(tx, actor.adminId!), now);
}

/** getPractice: the assignments the actor sees, by due date (docs/domains/learning.md "Limits"), six a page. */
export async function listPractice(tx: Tx, actor: Actor, q: ListQuery, now: Date) {
  if (!mayReadPractice(actor)) throw forbidden();
  if (q.studentId) await readableStudent(tx, actor, q.studentId);
  // A student's own list, or one student's: "complete" is about that student alone.
  const subject = actor.role === 'student' ? actor.id : q.studentId;
  const shown = shownTo(actor, subject);
  const done = allDone(practiceAssignments.id, shown);
  const where = and(
    visibleTo(actor),
    subject ? exists(sql`(select 1 from practice_assignment_students s where s.assignment_id = ${practiceAssignments.id} and s.student_id = ${subject}::uuid)`) : undefined,
    q.status === 'complete' ? done : q.status === 'incomplete' ? sql`not ${done}` : undefined,
    q.search ? or(
      ilike(practiceAssignments.instructions, likePattern(q.search)),
      exists(sql`(select 1 from practice_items i where i.assignment_id = ${practiceAssignments.id} and (i.title ilike ${likePattern(q.search)} or i.artist ilike ${likePattern(q.search)}))`),
    ) : undefined,
  );
  const rows = await tx.select({ row: practiceAssignments, total: totalRows }).from(practiceAssignments).where(where)
    .orderBy(asc(practiceAssignments.dueOn), desc(practiceAssignments.createdAt), asc(practiceAssignments.id))
    .limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(practiceAssignments).where(where))[0]?.n ?? 0);
  const results = await presentAssignments(tx, rows.map((r) => r.row), shown, { today: await todayOf(tx, actor, now), canEdit: canEditFor(actor) });
  return toListResult(results, total, q);
}

/** An assignment the actor may see (404 otherwise), with the facts its policy needs. */
async function findAssignment(tx: Tx, actor: Actor, id: string) {
  if (!mayReadPractice(actor)) throw forbidden();
  const [row] = await tx.select().from(practiceAssignments).where(and(eq(practiceAssignments.id, id), eq(practiceAssignments.adminId, actor.adminId!))).limit(1);
  if (!row) throw notFound(M.notFound);
  const [own] = isSchoolStaff(actor.role) ? [{ n: 1 }] : await tx.select({ n: sql<number>`count(*)::int` }).from(practiceAssignmentStudents)
    .where(and(eq(practiceAssignmentStudents.assignmentId, id), sql`${practiceAssignmentStudents.studentId} in ${ownStudentsOf(actor)}`));
  return { row, facts: { createdByActor: row.createdBy === actor.id, hasOwnStudent: (own?.n ?? 0) > 0 } };
}

export async function viewPractice(tx: Tx, actor: Actor, id: string, now: Date): Promise<PracticeAssignment> {
  const { row, facts } = await findAssignment(tx, actor, id);
  enforce(decideViewAssignment(actor, facts), M.notFound);
  const subject = actor.role === 'student' ? actor.id : undefined;
  const [item] = await presentAssignments(tx, [row], shownTo(actor, subject), { today: await todayOf(tx, actor, now), canEdit: canEditFor(actor) });
  return item!;
}

/**
 * The students an assignment is for: those chosen, and the class/group's members now. A teacher
 * picks only their own (policies/practice.ts); someone not theirs or of another school is a field
 * error, the same for both, so the answer tells nothing of other people.
 */
async function resolveStudents(tx: Tx, actor: Actor, f: { studentIds: string[]; classGroupId?: string | null }) {
  const ids = [...new Set(f.studentIds)];
  for (const studentId of ids) {
    const found = await findSchoolStudent(tx, actor, studentId);
    const isOwn = found ? isSchoolStaff(actor.role) || (await isOwnStudent(tx, actor, studentId)) : false;
    if (decideAssignTo(actor, { inSchool: !!found, isOwn }) !== 'allow') throw fieldError('studentIds', M.studentsOwn);
  }
  let groupId: string | null = null;
  if (f.classGroupId) {
    const [group] = await tx.select({ id: classGroups.id }).from(classGroups)
      .where(and(eq(classGroups.id, f.classGroupId), eq(classGroups.adminId, actor.adminId!))).limit(1);
    const isOwn = group ? isSchoolStaff(actor.role) || (await isGroupOfTeacher(tx, actor.id, group.id)) : false;
    if (decideAssignTo(actor, { inSchool: !!group, isOwn }) !== 'allow') throw fieldError('classGroupId', M.classGroupOwn);
    groupId = group!.id;
    const members = await membersOfGroup(tx, group!.id);
    if (members.length === 0 && ids.length === 0) throw fieldError('classGroupId', M.classGroupEmpty);
    for (const m of members) if (!ids.includes(m)) ids.push(m);
  }
  return { studentIds: ids, classGroupId: groupId };
}

export async function addPractice(tx: Tx, actor: Actor, f: PracticeFormValues, now: Date, appUrl: string) {
  if (!mayAssignPractice(actor)) throw forbidden();
  if (f.items.some((i) => i._id)) throw fieldError('items', M.itemNotFound);
  const target = await resolveStudents(tx, actor, f);
  const adminId = actor.adminId!;
  const [created] = await tx.insert(practiceAssignments).values({
    adminId, createdBy: actor.id, classGroupId: target.classGroupId, instructions: f.instructions, dueOn: f.due_date, minutesPerDay: f.minutesPerDay,
  }).returning({ id: practiceAssignments.id });
  await tx.insert(practiceItems).values(f.items.map((i, position) => ({ adminId, assignmentId: created!.id, title: i.title, artist: i.artist, position })));
  await tx.insert(practiceAssignmentStudents).values(target.studentIds.map((studentId) => ({ adminId, assignmentId: created!.id, studentId })));
  await notifyPeople(tx, {
    adminId, userIds: target.studentIds, kind: 'practice-assigned', title: 'New practice assigned',
    body: `${f.items.map((i) => i.title).join(', ')}: ${f.minutesPerDay} minutes a day until ${f.due_date}.`, link: `/learning/view-practice/${created!.id}`,
    // By email for a student who chose it for practice and courses (off by default; decision 091).
    email: { appUrl },
  });
  return viewPractice(tx, actor, created!.id, now);
}

export async function updatePractice(tx: Tx, actor: Actor, f: PracticeUpdateValues, now: Date) {
  if (!mayAssignPractice(actor)) throw forbidden();
  const { row, facts } = await findAssignment(tx, actor, f.practiceId);
  enforce(decideEditAssignment(actor, facts), M.notFound);
  const adminId = row.adminId;
  const existing = await tx.select({ id: practiceItems.id }).from(practiceItems).where(eq(practiceItems.assignmentId, row.id));
  const existingIds = new Set(existing.map((e) => e.id));
  f.items.forEach((item, i) => {
    if (item._id && !existingIds.has(item._id)) throw fieldError(`items.${i}._id`, M.itemNotFound);
  });
  const target = await resolveStudents(tx, actor, f);

  await tx.update(practiceAssignments).set({
    classGroupId: target.classGroupId, instructions: f.instructions, dueOn: f.due_date, minutesPerDay: f.minutesPerDay, updatedAt: now,
  }).where(eq(practiceAssignments.id, row.id));
  // Items kept by id keep their ticks; the others go with theirs.
  const kept = f.items.flatMap((i) => (i._id ? [i._id] : []));
  await tx.delete(practiceItems).where(and(eq(practiceItems.assignmentId, row.id), kept.length > 0 ? notInArray(practiceItems.id, kept) : undefined));
  for (const [position, item] of f.items.entries()) {
    if (item._id) await tx.update(practiceItems).set({ title: item.title, artist: item.artist, position }).where(eq(practiceItems.id, item._id));
    else await tx.insert(practiceItems).values({ adminId, assignmentId: row.id, title: item.title, artist: item.artist, position });
  }
  // A student taken off loses their ticks of this assignment too.
  await tx.delete(practiceItemCompletions).where(and(
    inArray(practiceItemCompletions.itemId, tx.select({ id: practiceItems.id }).from(practiceItems).where(eq(practiceItems.assignmentId, row.id))),
    notInArray(practiceItemCompletions.studentId, target.studentIds),
  ));
  await tx.delete(practiceAssignmentStudents).where(and(eq(practiceAssignmentStudents.assignmentId, row.id), notInArray(practiceAssignmentStudents.studentId, target.studentIds)));
  await tx.insert(practiceAssignmentStudents).values(target.studentIds.map((studentId) => ({ adminId, assignmentId: row.id, studentId }))).onConflictDoNothing();
  return viewPractice(tx, actor, row.id, now);
}

export async function removePractice(tx: Tx, actor: Actor, id: string) {
  if (!mayAssignPractice(actor)) throw forbidden();
  const { row, facts } = await findAssignment(tx, actor, id);
  enforce(decideEditAssignment(actor, facts), M.notFound);
  // Its students, items and ticks go with it (on delete cascade).
  await tx.delete(practiceAssignments).where(eq(practiceAssignments.id, row.id));
}

/** A student ticks (or unticks) a song or piece of their own assignment. */
export async function completePracticeItem(tx: Tx, actor: Actor, f: CompleteBody, now: Date) {
  if (actor.role !== 'student') throw forbidden();
  const [item] = await tx.select({ id: practiceItems.id, assignmentId: practiceItems.assignmentId, adminId: practiceItems.adminId }).from(practiceItems)
    .where(and(eq(practiceItems.id, f.itemId), eq(practiceItems.adminId, actor.adminId!))).limit(1);
  const [mine] = item ? await tx.select({ studentId: practiceAssignmentStudents.studentId }).from(practiceAssignmentStudents)
    .where(and(eq(practiceAssignmentStudents.assignmentId, item.assignmentId), eq(practiceAssignmentStudents.studentId, actor.id))).limit(1) : [];
  enforce(decideCompleteItem(actor, { assignedToActor: !!mine }), M.itemNotFound);
  if (f.complete) {
    await tx.insert(practiceItemCompletions).values({ adminId: item!.adminId, itemId: item!.id, studentId: actor.id, completedAt: now }).onConflictDoNothing();
  } else {
    await tx.delete(practiceItemCompletions).where(and(eq(practiceItemCompletions.itemId, item!.id), eq(practiceItemCompletions.studentId, actor.id)));
  }
  return viewPractice(tx, actor, item!.assignmentId, now);
}

/** docs/domains/learning.md "Data and calls"'s completeInCompletePracticeCount: one student's finished and open assignments, and their songs. */
export async function practiceCounts(tx: Tx, actor: Actor, studentId: string): Promise<PracticeCounts> {
  await readableStudent(tx, actor, studentId);
  return countsOf(tx, studentId);
}

/** The counts, once the student is known to be readable. */
export async function countsOf(tx: Tx, studentId: string): Promise<PracticeCounts> {
  const { rows } = await tx.execute(sql`
    with mine as (
      select s.assignment_id,
        (select count(*) from practice_items i where i.assignment_id = s.assignment_id)::int as songs,
        (select count(*) from practice_items i join practice_item_completions c on c.item_id = i.id and c.student_id = s.student_id
          where i.assignment_id = s.assignment_id)::int as done
      from practice_assignment_students s where s.student_id = ${studentId}::uuid
    )
    select count(*) filter (where done >= songs)::int as complete, count(*) filter (where done < songs)::int as incomplete,
      coalesce(sum(songs), 0)::int as songs, coalesce(sum(done), 0)::int as done
    from mine`);
  const r = rows[0] as { complete: number; incomplete: number; songs: number; done: number };
  return { completePracticeCount: r.complete, inCompletePracticeCount: r.incomplete, countSong: r.songs, completedSongs: r.done };
}
