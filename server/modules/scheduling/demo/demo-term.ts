import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { users, holidays, lessons, lessonStudents, lessonTypes, rooms, schedulingSettings } from '../../../db/schema/index.js';
import { selectUsersWithSchool, toUserWithSchool } from '../../../lib/user-with-school.js';
import { actorOf } from '../../../plugins/auth.js';
import { membersOfGroup } from '../../relations/index.js';
import { grantCredits } from '../credits/grant-credits.js';
import { addLesson } from '../lessons/add-lesson.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { markImminentLessonsReminded } from './mark-imminent-reminded.js';
import type { AttendanceStatus } from '../../../../shared/contracts/scheduling.js';
import { atLocal, todayIn } from '../../../../shared/school-clock.js';

/** A weekly lesson of the demo: who, which weekday (1 = Monday) and when. */
export type DemoLesson = {
  teacherId: string; studentIds?: string[]; classGroupId?: string; room?: string; weekday: number; time: string; minutes: number;
};

export type DemoSchool = { adminId: string; addrole: 'School' | 'Private teacher'; rooms: string[]; lessons: DemoLesson[] };

/**
 * The demo's term (issue 4): it began eight weeks ago and ends in twelve, so every calendar opens
 * full — past lessons with attendance taken, this week's and this month's ahead, one closure day,
 * and one banked lesson with its make-up credit.
 */
export async function seedDemoTerm(tx: Tx, school: DemoSchool, now: Date, firstOfFamily?: string) {
  const zone = (await loadSchoolSchedule(tx, school.adminId)).timeZone;
  const today = atLocal(todayIn(zone, now), zone);
  const termStart = today.startOf('week').minus({ weeks: 8 });
  const termEnd = today.startOf('week').plus({ weeks: 12 }).minus({ days: 1 });
  await tx.update(schedulingSettings).set({ termStartsOn: termStart.toISODate(), termEndsOn: termEnd.toISODate() })
    .where(eq(schedulingSettings.adminId, school.adminId));

  const roomIds = new Map<string, string>();
  for (const roomName of school.rooms) {
    const [room] = await tx.insert(rooms).values({ adminId: school.adminId, roomName, capacity: roomName.includes('Hall') ? 40 : 4 }).returning();
    roomIds.set(roomName, room!.id);
  }
  const types = await tx.select().from(lessonTypes).where(eq(lessonTypes.adminId, school.adminId));
  const typeOf = (kind: string) => types.find((t) => t.kind === kind)!.id;

  // A closure on the Wednesday after next, with its lessons not banked (the school tells the families).
  const closureDay = today.startOf('week').plus({ weeks: 2, days: 2 }).toISODate()!;
  await tx.insert(holidays).values({ adminId: school.adminId, name: 'Staff Training Day', startsOn: closureDay, endsOn: closureDay, bankLessons: false });

  // The school's owner books the term, as they would through the app.
  const [owner] = await selectUsersWithSchool(tx).where(eq(users.id, school.adminId));
  const actor = actorOf(toUserWithSchool(owner!), null, null, null);
  for (const l of school.lessons) {
    const first = termStart.plus({ days: l.weekday - 1 });
    await addLesson(tx, actor, {
      teacherId: l.teacherId, lessonTypeId: typeOf(l.classGroupId ? 'class_group' : 'private'), roomId: l.room ? roomIds.get(l.room)! : null,
      studentIds: l.studentIds ?? [], classGroupId: l.classGroupId ?? null, notes: '', allowRoomConflict: false,
      date: first.toISODate()!, startTime: l.time, durationMinutes: l.minutes,
      repeat: 'weekly', ends: 'until', untilDate: termEnd.toISODate()!, count: null,
    }, now);
  }
  await takePastAttendance(tx, school.adminId, now);
  if (firstOfFamily) await bankNextLesson(tx, school.adminId, firstOfFamily, now);
  await markImminentLessonsReminded(tx, school.adminId, now);
}

const PATTERN: AttendanceStatus[] = ['present', 'present', 'present', 'late', 'present', 'present', 'absent', 'present', 'excused', 'present', 'present'];

async function takePastAttendance(tx: Tx, adminId: string, now: Date) {
  const past = await tx.select({ id: lessons.id, classGroupId: lessons.classGroupId, endsAt: lessons.endsAt }).from(lessons)
    .where(and(eq(lessons.adminId, adminId), eq(lessons.status, 'scheduled'), lt(lessons.endsAt, now)));
  const groupLessons = past.filter((l) => l.classGroupId);
  for (const l of groupLessons) {
    const members = await membersOfGroup(tx, l.classGroupId!);
    if (members.length > 0) await tx.insert(lessonStudents).values(members.map((studentId) => ({ adminId, lessonId: l.id, studentId }))).onConflictDoNothing();
  }
  const ids = past.map((l) => l.id);
  if (ids.length === 0) return;
  const pattern = `{${PATTERN.join(',')}}`;
  await tx.execute(sql`
    update lesson_students ls set attendance = (${pattern}::text[])[1 + (marked.n % ${PATTERN.length})], marked_at = marked.ends_at, marked_by = ${adminId}
    from (select s.lesson_id, s.student_id, l.ends_at, row_number() over (order by l.starts_at, s.student_id) as n
          from lesson_students s join lessons l on l.id = s.lesson_id
          where l.admin_id = ${adminId} and l.status = 'scheduled' and l.ends_at < ${now}) marked
    where ls.lesson_id = marked.lesson_id and ls.student_id = marked.student_id`);
  await tx.update(lessons).set({ attendanceTakenAt: sql`${lessons.endsAt}` }).where(inArray(lessons.id, ids));
}

/** The family cancelled next week's lesson in good time: it is banked, with a make-up credit. */
async function bankNextLesson(tx: Tx, adminId: string, studentId: string, now: Date) {
  const school = await loadSchoolSchedule(tx, adminId);
  const [next] = await tx.select({ id: lessons.id, startsAt: lessons.startsAt }).from(lessons)
    .innerJoin(lessonStudents, eq(lessonStudents.lessonId, lessons.id))
    .where(and(eq(lessonStudents.studentId, studentId), eq(lessons.status, 'scheduled'), sql`${lessons.startsAt} > ${new Date(now.getTime() + 7 * 86_400_000)}`))
    .orderBy(lessons.startsAt).limit(1);
  if (!next) return;
  await tx.update(lessons).set({ status: 'cancelled', cancelReason: 'Family vacation', cancelledAt: now }).where(eq(lessons.id, next.id));
  await grantCredits(tx, school, next, [studentId], { byHand: false, now });
}
