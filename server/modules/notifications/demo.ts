import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';

type DemoNote = { username: string; kind: string; title: string; body: string; link: string; hoursAgo: number; read?: boolean };

const NOTES: DemoNote[] = [
  { username: 'student', kind: 'practice-assigned', title: 'New practice assigned', body: 'Sofia Marin assigned practice: 20 minutes a day.', link: '/learning/practice', hoursAgo: 5 },
  { username: 'student', kind: 'lesson-moved', title: 'Lesson moved', body: 'Your piano lesson moved to Thursday at 4:30 PM.', link: '/scheduling/weekly', hoursAgo: 26 },
  { username: 'student', kind: 'group-email', title: 'Spring recital: save the date', body: 'Riverside Music Academy sent you an email.', link: '/reporting/communication-log', hoursAgo: 72, read: true },
  { username: 'parent', kind: 'invoice-sent', title: 'New invoice', body: 'Riverside Music Academy sent an invoice for Lily Chen.', link: '/paymentBilling', hoursAgo: 8 },
  { username: 'parent', kind: 'lesson-moved', title: 'Lesson moved', body: "Lily Chen's piano lesson moved to Thursday at 4:30 PM.", link: '/reporting/communication-log', hoursAgo: 26, read: true },
  { username: 'teacher', kind: 'course-approved', title: 'Course approved', body: 'Your course is now published for your students.', link: '/learning/courses', hoursAgo: 30 },
  { username: 'teacher', kind: 'chat-message', title: 'New message from Lily Chen', body: 'Can we go over the second page of the Clementi next time?', link: '/chat', hoursAgo: 3 },
];

/** A few notifications for the demo student, parent and teacher of Riverside: the bell has something to show. */
export async function seedNotificationsDemo(tx: Tx, now: Date): Promise<void> {
  const people = await tx.select({ id: users.id, username: users.username, adminId: users.adminId }).from(users)
    .where(inArray(users.username, [...new Set(NOTES.map((n) => n.username))]));
  const byName = new Map(people.map((p) => [p.username, p]));
  await tx.insert(notifications).values(NOTES.flatMap((note) => {
    const person = byName.get(note.username);
    if (!person?.adminId) return [];
    const createdAt = new Date(now.getTime() - note.hoursAgo * 3_600_000);
    return [{
      adminId: person.adminId, userId: person.id, kind: note.kind, title: note.title, body: note.body, link: note.link, createdAt,
      readAt: note.read ? new Date(createdAt.getTime() + 3_600_000) : null,
    }];
  }));
}

