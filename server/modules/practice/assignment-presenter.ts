import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import {
  classGroups, practiceAssignments, practiceAssignmentStudents, practiceItemCompletions, practiceItems, users,
} from '../../db/schema/index.js';
import type { PracticeAssignment, PracticeItem, PracticeStudentProgress } from '../../../shared/contracts/practice.js';

export type AssignmentRow = typeof practiceAssignments.$inferSelect;
/** A condition on a student id column: the students the caller is shown. */
export type Shown = (column: SQL | AnyPgColumn) => SQL;

/**
 * Presents assignments with their items and the progress of the students shown (`shown`: a
 * condition on a student id; staff see every student of an assignment, a teacher their own, a
 * family their own). Three queries for a whole page, whatever its size.
 */
export async function presentAssignments(
  tx: Tx,
  rows: AssignmentRow[],
  shown: Shown,
  options: { today: string; canEdit: (row: AssignmentRow) => boolean },
): Promise<PracticeAssignment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const students = await tx.select({
    assignmentId: practiceAssignmentStudents.assignmentId, id: users.id, firstName: users.firstName, lastName: users.lastName,
  }).from(practiceAssignmentStudents).innerJoin(users, eq(users.id, practiceAssignmentStudents.studentId))
    .where(and(inArray(practiceAssignmentStudents.assignmentId, ids), shown(practiceAssignmentStudents.studentId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const items = await tx.select().from(practiceItems).where(inArray(practiceItems.assignmentId, ids)).orderBy(asc(practiceItems.position));
  const itemIds = items.map((i) => i.id);
  const done = itemIds.length === 0 ? [] : await tx.select({ itemId: practiceItemCompletions.itemId, studentId: practiceItemCompletions.studentId })
    .from(practiceItemCompletions).where(and(inArray(practiceItemCompletions.itemId, itemIds), shown(practiceItemCompletions.studentId)));
  const groupIds = [...new Set(rows.flatMap((r) => (r.classGroupId ? [r.classGroupId] : [])))];
  const groups = groupIds.length === 0 ? [] : await tx.select({ id: classGroups.id, name: classGroups.name }).from(classGroups).where(inArray(classGroups.id, groupIds));
  const creatorIds = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
  const creators = creatorIds.length === 0 ? [] : await tx.select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users).where(inArray(users.id, creatorIds));

  const doneBy = new Map<string, string[]>();
  for (const d of done) doneBy.set(d.itemId, [...(doneBy.get(d.itemId) ?? []), d.studentId]);

  return rows.map((row) => {
    const mine = students.filter((s) => s.assignmentId === row.id);
    const myItems = items.filter((i) => i.assignmentId === row.id);
    const presentedItems: PracticeItem[] = myItems.map((i) => {
      const by = doneBy.get(i.id) ?? [];
      return { _id: i.id, title: i.title, artist: i.artist, position: i.position, completedBy: by, completed: mine.length > 0 && mine.every((s) => by.includes(s.id)) };
    });
    const progress: PracticeStudentProgress[] = mine.map((s) => {
      const completedItems = presentedItems.filter((i) => i.completedBy.includes(s.id)).length;
      return { _id: s.id, first_name: s.firstName, last_name: s.lastName, completedItems, completed: completedItems === presentedItems.length };
    });
    const group = groups.find((g) => g.id === row.classGroupId);
    const creator = creators.find((c) => c.id === row.createdBy);
    const completed = progress.length > 0 && progress.every((p) => p.completed);
    return {
      _id: row.id,
      instructions: row.instructions,
      due_date: row.dueOn,
      minutesPerDay: row.minutesPerDay,
      classGroup: group ? { _id: group.id, name: group.name } : null,
      assignedBy: creator ? { _id: creator.id, first_name: creator.firstName, last_name: creator.lastName } : null,
      students: progress,
      items: presentedItems,
      countSong: presentedItems.length,
      completed,
      overdue: !completed && row.dueOn < options.today,
      canEdit: options.canEdit(row),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** A condition: every shown student of the assignment ticked every item (`pa`: the assignment's id column). */
export function allDone(assignmentId: SQL | AnyPgColumn, shown: Shown): SQL {
  return sql`not exists (select 1 from practice_assignment_students s join practice_items i on i.assignment_id = s.assignment_id
    where s.assignment_id = ${assignmentId} and ${shown(sql`s.student_id`)}
      and not exists (select 1 from practice_item_completions c where c.item_id = i.id and c.student_id = s.student_id))`;
}
