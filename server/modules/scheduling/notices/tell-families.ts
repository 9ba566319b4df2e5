import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { lessonTypes, schools, users } from '../../../db/schema/index.js';
import { queueEmails, type QueuedEmail } from '../../../services/email/queue-email.js';
import { notifyEach, type PersonalNotification } from '../../notifications/index.js';
import { householdsOfStudents } from '../../relations/index.js';
import type { SchoolSchedule } from '../time/school-schedule.js';
import { headline, lessonNoticeEmail, type NoticeKind, type NoticeLine } from './notice-emails.js';
import { familyLessonPath } from '../../../../shared/lesson-links.js';
import { inZone } from '../../../../shared/school-clock.js';

/**
 * A lesson a change touched: whom it is for, its type, when it was, and when it is now (a move);
 * its id, when known, opens it from the email's link.
 */
export type ChangedLesson = { studentIds: string[]; lessonTypeId: string; startsAt: Date; newStartsAt?: Date | null; lessonId?: string | null };

export type LessonChangeNotice = {
  kind: NoticeKind;
  lessons: ChangedLesson[];
  /** A lesson and the ones after it in its series: still one email a person. */
  following?: boolean;
  reason?: string | null;
};

/**
 * Tells the students of the changed lessons, and their parents (relations), of one change: one
 * email a person however many of their lessons it touched, in the caller's transaction (sent once
 * it commits), and only to those whose reminders are on (the same switch, docs/domains/scheduling.md "Data and calls"); each
 * also gets an in-app notification.
 * Lessons already over on both their old and new time are history and tell no one.
 */
export async function tellFamilies(tx: Tx, school: SchoolSchedule, appUrl: string, notice: LessonChangeNotice, now = new Date()): Promise<number> {
  const lessons = notice.lessons.filter((l) => l.startsAt > now || (l.newStartsAt != null && l.newStartsAt > now))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const studentIds = [...new Set(lessons.flatMap((l) => l.studentIds))];
  if (studentIds.length === 0) return 0;
  const households = await householdsOfStudents(tx, studentIds);
  const studentsOf = new Map<string, Set<string>>();
  for (const h of households) studentsOf.set(h.personId, (studentsOf.get(h.personId) ?? new Set()).add(h.studentId));

  const people = await tx.select({ id: users.id, email: users.email, firstName: users.firstName, on: users.notificationsOn, active: users.status })
    .from(users).where(and(inArray(users.id, [...new Set([...studentsOf.keys(), ...studentIds])]), eq(users.adminId, school.adminId)));
  const byId = new Map(people.map((p) => [p.id, p]));
  const types = await tx.select({ id: lessonTypes.id, name: lessonTypes.name }).from(lessonTypes)
    .where(inArray(lessonTypes.id, [...new Set(lessons.map((l) => l.lessonTypeId))]));
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const [named] = await tx.select({ name: schools.schoolName }).from(schools).where(and(eq(schools.adminId, school.adminId), ne(schools.schoolName, '')));

  const emails: QueuedEmail[] = [];
  const notes: PersonalNotification[] = [];
  for (const [personId, theirs] of studentsOf) {
    const person = byId.get(personId);
    if (!person || !person.active || !person.on || !person.email) continue;
    // A student who has left no longer hears of their lessons, nor do their parents of them.
    const live = [...theirs].filter((id) => byId.get(id)?.active);
    const mine = lessons.filter((l) => l.studentIds.some((id) => live.includes(id)));
    if (mine.length === 0) continue;
    const lines: NoticeLine[] = mine.map((l) => ({ lessonType: typeName.get(l.lessonTypeId) ?? 'Lesson', startsAt: l.startsAt, newStartsAt: l.newStartsAt ?? null }));
    const names = live.filter((id) => mine.some((l) => l.studentIds.includes(id))).map((id) => byId.get(id)!.firstName).sort();
    const forOneself = theirs.has(personId);
    // A student opens their own calendar, a parent the children's (decision 082), on the first lesson.
    const link = familyLessonPath(forOneself, focusOf(mine, school.timeZone));
    const facts = {
      kind: notice.kind, firstName: person.firstName, studentNames: names.join(' and '), forOneself,
      lessons: lines, following: notice.following ?? false, reason: notice.reason ?? null,
      timeZone: school.timeZone, schoolName: named?.name ?? 'your school', calendarUrl: `${appUrl}${link}`,
    };
    const email = lessonNoticeEmail(facts);
    emails.push({ kind: `lesson-${notice.kind}`, adminId: school.adminId, userId: personId, to: person.email, ...email });
    notes.push({ userId: personId, kind: `lesson-${notice.kind}`, title: email.subject, body: headline(facts), link });
  }
  await queueEmails(tx, emails);
  // The same people, on the same switch, also find it under the bell.
  await notifyEach(tx, school.adminId, notes);
  return emails.length;
}

/** The first lesson's day (where it is now, after a move) and, when the change touched one lesson, its id. */
function focusOf(mine: ChangedLesson[], zone: string) {
  const first = mine[0]!;
  return {
    date: inZone(first.newStartsAt ?? first.startsAt, zone).toISODate(),
    lessonId: mine.length === 1 ? first.lessonId ?? null : null,
  };
}
