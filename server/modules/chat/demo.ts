import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chatMessages, users } from '../../db/schema/index.js';

/** Who says what in the demo: Riverside's admin and teacher, the teacher and Lily, Lily's mother and the teacher, the provider and the admin. */
const TALKS: { from: string; to: string; body: string; minutesAgo: number; read: boolean }[] = [
  { from: 'admin', to: 'teacher', body: 'Hi Sofia, could you take Owen’s Thursday lesson this week?', minutesAgo: 180, read: true },
  { from: 'teacher', to: 'admin', body: 'Yes, 4 pm works for me.', minutesAgo: 170, read: true },
  { from: 'admin', to: 'teacher', body: 'Thank you! I will put it in the calendar.', minutesAgo: 165, read: false },
  { from: 'student', to: 'teacher', body: 'Should I practise the Clementi sonatina hands together yet?', minutesAgo: 90, read: true },
  { from: 'teacher', to: 'student', body: 'Hands separately until Friday, then slowly together.', minutesAgo: 80, read: false },
  { from: 'parent', to: 'teacher', body: 'Lily is away on the 14th, may she come on Friday instead?', minutesAgo: 300, read: true },
  { from: 'teacher', to: 'parent', body: 'Of course, Friday at 5 pm is free.', minutesAgo: 290, read: true },
  { from: 'superadmin', to: 'admin', body: 'Welcome to Cadenza! Write here if you need anything.', minutesAgo: 1440, read: true },
];

/** Demo conversations (issue 14), with a few unread messages so the badge shows. */
export async function seedChatDemo(tx: Tx, now: Date): Promise<void> {
  const names = [...new Set(TALKS.flatMap((t) => [t.from, t.to]))];
  const people = await tx.select({ id: users.id, username: users.username, adminId: users.adminId }).from(users).where(inArray(users.username, names));
  const byName = new Map(people.map((p) => [p.username, p]));
  const school = byName.get('admin')?.adminId;
  if (!school || people.length !== names.length) return;
  const already = await tx.select({ id: chatMessages.id }).from(chatMessages).where(and(eq(chatMessages.adminId, school))).limit(1);
  if (already.length > 0) return;
  await tx.insert(chatMessages).values(TALKS.map((t) => {
    const at = new Date(now.getTime() - t.minutesAgo * 60_000);
    return { adminId: school, senderId: byName.get(t.from)!.id, receiverId: byName.get(t.to)!.id, body: t.body, createdAt: at, readAt: t.read ? new Date(at.getTime() + 60_000) : null };
  }));
}
