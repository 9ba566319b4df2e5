import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import {
  practiceAssignments, practiceAssignmentStudents, practiceItemCompletions, practiceItems, practiceSessions, users,
} from '../../../db/schema/index.js';
import { atLocal, todayIn } from '../../../../shared/school-clock.js';
import { schoolZoneOf } from '../../../lib/school-clock.js';
import { demoLogin, type DemoContext } from '../../../db/seed-demo.js';

type DemoAssignment = {
  by: string;
  student: string;
  dueInDays: number;
  minutesPerDay: number;
  instructions: string;
  items: [title: string, artist: string, done: boolean][];
};

const ASSIGNMENTS: DemoAssignment[] = [
  {
    by: 'teacher', student: 'student', dueInDays: -5, minutesPerDay: 20,
    instructions: 'Hands separately first, then together at 72 bpm.',
    items: [['Minuet in G major', 'J. S. Bach (attr.)', true], ['C major scale, two octaves', '', true]],
  },
  {
    by: 'teacher', student: 'student', dueInDays: 4, minutesPerDay: 30,
    instructions: 'Keep the left hand soft; watch the pedal changes in bars 9 to 16.',
    items: [['Für Elise', 'Ludwig van Beethoven', true], ['Arabesque No. 1', 'Claude Debussy', false], ['G major arpeggios', '', false]],
  },
  {
    by: 'teacher', student: 'student', dueInDays: 11, minutesPerDay: 15,
    instructions: 'Warm up with lip trills before singing through.',
    items: [['Caro mio ben', 'Tommaso Giordani', false]],
  },
  {
    by: 'jamesoconnor', student: 'owenchen', dueInDays: 3, minutesPerDay: 20,
    instructions: 'Strum with a metronome at 80 bpm; clean chord changes before speed.',
    items: [['Chord changes G – C – D', '', true], ['Horse with No Name', 'America', false]],
  },
  {
    by: 'jamesoconnor', student: 'owenchen', dueInDays: 9, minutesPerDay: 15,
    instructions: 'Alternate picking on every note.',
    items: [['E minor pentatonic, position 1', '', false], ['Smoke on the Water riff', 'Deep Purple', false]],
  },
];

/** Lily's minutes on each of the last 28 days, oldest first: a gap or two early on, then a streak to yesterday. */
const LILY_MINUTES = [25, 0, 30, 18, 0, 0, 22, 35, 20, 0, 28, 31, 24, 0, 15, 40, 0, 27, 33, 21, 29, 25, 36, 19, 30, 42, 26, 34];

/** Riverside's practice: assignments for Lily and Owen Chen, some finished, and four weeks of Lily's practice. */
export async function seedPracticeDemo(tx: Tx, now: Date, ctx?: DemoContext): Promise<void> {
  const names = ['teacher', 'jamesoconnor', 'student', 'owenchen'].map((name) => demoLogin(ctx, name));
  const people = await tx.select({ id: users.id, username: users.username, adminId: users.adminId }).from(users).where(inArray(users.username, names));
  const id = (username: string) => {
    const found = people.find((p) => p.username === demoLogin(ctx, username));
    if (!found?.adminId) throw new Error(`The practice demo needs the demo user ${username}`);
    return found;
  };
  const adminId = id('student').adminId!;
  const zone = await schoolZoneOf(tx, adminId);
  const today = atLocal(todayIn(zone, now), zone);

  for (const [n, a] of ASSIGNMENTS.entries()) {
    const [row] = await tx.insert(practiceAssignments).values({
      adminId, createdBy: id(a.by).id, instructions: a.instructions, dueOn: today.plus({ days: a.dueInDays }).toISODate()!, minutesPerDay: a.minutesPerDay,
      createdAt: new Date(now.getTime() - (ASSIGNMENTS.length - n) * 3_600_000),
    }).returning({ id: practiceAssignments.id });
    const studentId = id(a.student).id;
    await tx.insert(practiceAssignmentStudents).values({ adminId, assignmentId: row!.id, studentId });
    const items = await tx.insert(practiceItems).values(a.items.map(([title, artist], position) => ({ adminId, assignmentId: row!.id, title, artist, position })))
      .returning({ id: practiceItems.id, position: practiceItems.position });
    const done = items.filter((i) => a.items[i.position]![2]);
    if (done.length > 0) await tx.insert(practiceItemCompletions).values(done.map((i) => ({ adminId, itemId: i.id, studentId })));
  }

  const lily = id('student').id;
  await tx.insert(practiceSessions).values(LILY_MINUTES.flatMap((minutes, i) => {
    if (minutes === 0) return [];
    const day = today.minus({ days: LILY_MINUTES.length - i }).toISODate()!;
    return [{ adminId, studentId: lily, practicedOn: day, seconds: minutes * 60 + ((i * 17) % 60) }];
  }));
}
