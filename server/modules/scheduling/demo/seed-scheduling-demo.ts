import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { classGroups, users } from '../../../db/schema/index.js';
import { demoLogin, type DemoContext } from '../../../db/seed-demo.js';
import { seedDemoTerm, type DemoLesson } from './demo-term.js';

/**
 * Scheduling's part of the demo: each demo school's term of weekly lessons. The people come
 * first (db/seed-demo.ts); they are found here by username and group name. A browser spec's own
 * school (ctx.login, decision 064) is one Riverside: its term only.
 */
export async function seedSchedulingDemo(tx: Tx, now: Date, ctx?: DemoContext): Promise<void> {
  const oneSchool = ctx?.login !== undefined;
  const id = await idsByUsername(tx, ctx, [
    'admin', 'teacher', 'jamesoconnor', 'student', 'owenchen', 'avathompson', 'noahpatel', 'miajohnson', 'lucaskim', 'chloenguyen',
    'oliverbrooks', 'emmadavis', 'jackwilson',
    ...(oneSchool ? [] : ['admin2', 'isabelfontaine', 'samokafor', 'zoelindqvist', 'leomarchetti', 'privateteacher', 'harperscott', 'miloreyes']),
  ]);

  // Riverside's term: each student's weekly lesson with their teacher, and the two groups.
  const rma = id('admin');
  const group = await groupIdsOf(tx, rma);
  const sofia = id('teacher');
  const james = id('jamesoconnor');
  const weekly = (teacherId: string, username: string, weekday: number, time: string, minutes: number, room: string): DemoLesson =>
    ({ teacherId, studentIds: [id(username)], weekday, time, minutes, room });
  await seedDemoTerm(tx, {
    adminId: rma, addrole: 'School', rooms: ['Studio A', 'Studio B', 'Recital Hall'],
    lessons: [
      weekly(sofia, 'student', 1, '16:00', 30, 'Studio A'), weekly(sofia, 'miajohnson', 1, '16:30', 30, 'Studio A'),
      weekly(sofia, 'lucaskim', 2, '16:00', 45, 'Studio A'), weekly(sofia, 'chloenguyen', 2, '17:00', 30, 'Studio A'),
      weekly(james, 'owenchen', 3, '15:30', 30, 'Studio B'), weekly(james, 'avathompson', 3, '16:00', 45, 'Studio B'),
      weekly(james, 'noahpatel', 3, '17:00', 30, 'Studio B'), weekly(james, 'oliverbrooks', 4, '16:00', 30, 'Studio B'),
      weekly(james, 'emmadavis', 4, '16:30', 30, 'Studio B'), weekly(james, 'jackwilson', 4, '17:00', 45, 'Studio B'),
      { teacherId: james, classGroupId: group('Junior Strings Ensemble'), weekday: 5, time: '17:00', minutes: 60, room: 'Recital Hall' },
      { teacherId: sofia, classGroupId: group('Beginner Piano Group'), weekday: 6, time: '10:00', minutes: 60, room: 'Recital Hall' },
    ],
  }, now, id('student'));
  if (oneSchool) return;

  const isabel = id('isabelfontaine');
  await seedDemoTerm(tx, {
    adminId: id('admin2'), addrole: 'School', rooms: ['Room 1'],
    lessons: ['samokafor', 'zoelindqvist', 'leomarchetti'].map((u, i) => ({ teacherId: isabel, studentIds: [id(u)], weekday: 2, time: `1${5 + i}:00`, minutes: 45, room: 'Room 1' })),
  }, now);
  const pt = id('privateteacher');
  await seedDemoTerm(tx, {
    adminId: pt, addrole: 'Private teacher', rooms: ['Home Studio'],
    lessons: ['harperscott', 'miloreyes'].map((u, i) => ({ teacherId: pt, studentIds: [id(u)], weekday: 2 + 2 * i, time: '15:00', minutes: 30, room: 'Home Studio' })),
  }, now);
}

async function idsByUsername(tx: Tx, ctx: DemoContext | undefined, usernames: string[]): Promise<(username: string) => string> {
  const rows = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, usernames.map((u) => demoLogin(ctx, u))));
  const ids = new Map(rows.map((r) => [r.username, r.id]));
  return (username) => {
    const found = ids.get(demoLogin(ctx, username));
    if (!found) throw new Error(`The scheduling demo needs the demo user ${username}`);
    return found;
  };
}

async function groupIdsOf(tx: Tx, adminId: string): Promise<(name: string) => string> {
  const rows = await tx.select({ id: classGroups.id, name: classGroups.name }).from(classGroups).where(eq(classGroups.adminId, adminId));
  return (name) => rows.find((r) => r.name === name)?.id ?? (() => { throw new Error(`The scheduling demo needs the group ${name}`); })();
}
