import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Database, Tx } from '../db/client.js';
import {
  genres, lessons, lessonStudents, lessonTypes, makeupCredits, practiceAssignments, practiceAssignmentStudents,
  practiceItemCompletions, practiceItems, practiceSessions, studentGenres,
} from '../db/schema/index.js';

/** Lessons, credits, practice and instruments written straight to the tables, so that a report's or a dashboard's every count is known. */
export function reportFixtures(db: Database, adminId: string, zone = 'America/New_York') {
  const inSchool = <T>(fn: (tx: Tx) => Promise<T>) => db.transaction({ kind: 'all' }, fn);
  let typeId: string | undefined;
  const lessonType = async (tx: Tx) => {
    if (!typeId) {
      const [t] = await tx.insert(lessonTypes).values({ adminId, name: 'Private Lesson', kind: 'private', durationMinutes: 30 }).returning();
      typeId = t!.id;
    }
    return typeId;
  };
  return {
    /** A 30-minute lesson at a local date and time of the school; `attendance` gives the student's row. */
    lesson: (o: { teacherId: string; date?: string; time?: string; at?: DateTime; studentId?: string; attendance?: string | null; classGroupId?: string; cancelled?: boolean }) =>
      inSchool(async (tx) => {
        const start = o.at ?? DateTime.fromISO(`${o.date}T${o.time ?? '16:00'}`, { zone });
        const [l] = await tx.insert(lessons).values({
          adminId, teacherId: o.teacherId, lessonTypeId: await lessonType(tx), classGroupId: o.classGroupId ?? null,
          startsAt: start.toJSDate(), endsAt: start.plus({ minutes: 30 }).toJSDate(), status: o.cancelled ? 'cancelled' : 'scheduled',
          attendanceTakenAt: o.attendance ? start.toJSDate() : null,
        }).returning();
        if (o.studentId) await tx.insert(lessonStudents).values({ adminId, lessonId: l!.id, studentId: o.studentId, attendance: o.attendance ?? null });
        return l!.id;
      }),
    credit: (studentId: string, lessonId: string, status = 'available') =>
      inSchool((tx) => tx.insert(makeupCredits).values({ adminId, studentId, lessonId, status, expiresAt: new Date(Date.now() + 30 * 86_400_000) })),
    practice: (studentId: string, practicedOn: string, seconds: number) =>
      inSchool((tx) => tx.insert(practiceSessions).values({ adminId, studentId, practicedOn, seconds })),
    /** An assignment of `songs` songs due on a date, `ticked` of them done by the student. */
    assignment: (studentId: string, dueOn: string, songs: number, ticked: number) =>
      inSchool(async (tx) => {
        const [a] = await tx.insert(practiceAssignments).values({ adminId, dueOn, minutesPerDay: 20 }).returning();
        await tx.insert(practiceAssignmentStudents).values({ adminId, assignmentId: a!.id, studentId });
        for (let i = 0; i < songs; i++) {
          const [item] = await tx.insert(practiceItems).values({ adminId, assignmentId: a!.id, title: `Song ${i}`, position: i }).returning();
          if (i < ticked) await tx.insert(practiceItemCompletions).values({ adminId, itemId: item!.id, studentId });
        }
      }),
    /** A platform genre of its own name (names are unique across tests), played by the student. */
    instrument: (studentId: string, name: string, level: string) =>
      inSchool(async (tx) => {
        const [g] = await tx.insert(genres).values({ name: `${name} ${randomUUID().slice(0, 6)}` }).returning();
        await tx.insert(studentGenres).values({ adminId, studentId, genreId: g!.id, level });
        return { id: g!.id, name: g!.name };
      }),
  };
}
