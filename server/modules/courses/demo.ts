import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { classGroups, courseAssignments, courseLessonCompletions, courseLessonFiles, courseLessons, courses, genres, libraryFiles, users } from '../../db/schema/index.js';
import { demoLogin, type DemoContext } from '../../db/seed-demo.js';
import { addDemoFile, tinyPng } from '../library/index.js';
import { sanitizeLessonHtml } from './sanitize-lesson-html.js';

type DemoLesson = { title: string; body: string; videoUrl?: string };
type DemoCourse = {
  title: string; description: string; genre: string; level: 'beginner' | 'intermediate' | 'advanced'; author: string; status: 'approved' | 'waiting';
  lessons: DemoLesson[];
};

const COURSES: DemoCourse[] = [
  {
    title: 'Piano Foundations', genre: 'Piano', level: 'beginner', author: 'admin', status: 'approved',
    description: 'Posture, hand position and the first five-finger patterns, one short step a week.',
    lessons: [
      { title: 'Sitting at the piano', body: '<p>Sit on the front half of the bench with your <strong>feet flat</strong> and your forearms level with the keys.</p><ul><li>Shoulders relaxed</li><li>Wrists neither high nor low</li></ul>' },
      { title: 'Finding middle C', body: '<p>Middle C sits just left of the two black keys nearest the centre of the keyboard. Play it with thumb 1 of each hand.</p>' },
      { title: 'Five-finger pattern in C', body: '<p>Play C D E F G with fingers 1 to 5, <em>slowly</em>, then come back down. Keep each finger curved.</p>', videoUrl: 'https://vimeo.com/76979871' },
    ],
  },
  {
    title: 'Voice Warm-ups', genre: 'Voice', level: 'beginner', author: 'teacher', status: 'approved',
    description: 'Ten minutes of breathing, humming and sirens before every practice.',
    lessons: [
      { title: 'Breathing low', body: '<p>Breathe in for four counts, feeling your ribs widen; breathe out on a long <em>sss</em> for eight.</p>' },
      { title: 'Humming and sirens', body: '<p>Hum a comfortable note, then slide up and down like a siren on <strong>ng</strong>. Never push.</p>' },
    ],
  },
  {
    title: 'Sight-Reading for Piano', genre: 'Piano', level: 'intermediate', author: 'teacher', status: 'waiting',
    description: 'Read ahead, keep the pulse, and never stop for a wrong note.',
    lessons: [
      { title: 'Look before you play', body: '<p>Before you start, find the key, the time signature and the highest and lowest notes.</p>' },
      { title: 'Keeping the pulse', body: '<p>Count one bar aloud before you start, and keep counting whatever happens.</p>' },
    ],
  },
];

const PROVIDER_COURSE: DemoCourse = {
  title: 'Music Theory Basics', genre: 'Piano', level: 'beginner', author: 'superadmin', status: 'approved',
  description: 'Notes, rhythm, scales and chords: the theory every student needs, from the Cadenza team.',
  lessons: [
    { title: 'Notes on the staff', body: '<p>The treble staff’s lines are E G B D F; its spaces spell <strong>FACE</strong>.</p>' },
    { title: 'Rhythm values', body: '<p>A whole note lasts four beats, a half note two, a quarter note one.</p>' },
    { title: 'The major scale', body: '<p>Whole, whole, half, whole, whole, whole, half: the pattern of every major scale.</p>' },
  ],
};

/** The library's demo PDF, attached to a lesson of Piano Foundations. */
const ATTACHED_FILE = 'Scales practice sheet.pdf';
const ATTACHED_TO = 'Five-finger pattern in C';

/**
 * Courses of the demo (issue 13): Riverside's three (one of Sofia Marin's waiting for approval),
 * each with a cover image made in code, and the provider's "Music Theory Basics" (no cover: the
 * placeholder), given to Lily Chen and the Beginner Piano Group, with some lessons Lily has done.
 * One lesson has the library's scales sheet attached. Runs after the library's demo.
 * A browser spec's own Riverside (ctx.login, decision 064) gets Riverside's three, and the
 * provider's course, seeded once with the demo, given to its Lily.
 */
export async function seedCoursesDemo(tx: Tx, now: Date, ctx: DemoContext): Promise<void> {
  const oneSchool = ctx.login !== undefined;
  // The provider is the demo's, one for all schools: never a spec school's login.
  const loginOf = (username: string) => (username === 'superadmin' ? username : demoLogin(ctx, username));
  const people = await tx.select({ id: users.id, username: users.username, adminId: users.adminId }).from(users)
    .where(inArray(users.username, ['superadmin', 'admin', 'teacher', 'student'].map(loginOf)));
  const who = (username: string) => {
    const found = people.find((p) => p.username === loginOf(username));
    if (!found) throw new Error(`The courses demo needs the demo user ${username}`);
    return found;
  };
  const school = who('admin').id;
  const genreRows = await tx.select().from(genres).where(inArray(genres.name, ['Piano', 'Voice']));
  const genreId = (name: string) => genreRows.find((g) => g.name === name)!.id;
  const [group] = await tx.select({ id: classGroups.id }).from(classGroups).where(and(eq(classGroups.adminId, school), eq(classGroups.name, 'Beginner Piano Group')));
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);

  const add = async (c: DemoCourse, age: number) => {
    const provider = c.author === 'superadmin';
    const author = who(c.author).id;
    const adminId = provider ? author : school;
    const coverFileId = provider
      ? null
      : await addDemoFile(tx, ctx, { adminId, ownerId: author, name: `${c.title} cover.png`, bytes: tinyPng(192, 96), createdAt: days(age) });
    const [row] = await tx.insert(courses).values({
      adminId, provider, coverFileId, title: c.title, description: c.description, genreId: genreId(c.genre), level: c.level, status: c.status, createdBy: author,
      ...(c.status === 'approved' ? { reviewedBy: provider ? author : school, reviewedAt: days(age - 1) } : {}),
      createdAt: days(age), updatedAt: days(age),
    }).returning({ id: courses.id });
    const lessons = await tx.insert(courseLessons).values(c.lessons.map((l, i) => ({
      adminId, courseId: row!.id, position: i + 1, title: l.title, bodyHtml: sanitizeLessonHtml(l.body), videoUrl: l.videoUrl ?? null,
    }))).returning({ id: courseLessons.id });
    const attached = c.lessons.findIndex((l) => l.title === ATTACHED_TO);
    if (attached >= 0) {
      const [pdf] = await tx.select({ id: libraryFiles.id }).from(libraryFiles).where(and(eq(libraryFiles.adminId, school), eq(libraryFiles.name, ATTACHED_FILE)));
      if (!pdf) throw new Error(`The courses demo attaches the library demo's ${ATTACHED_FILE}`);
      await tx.insert(courseLessonFiles).values({ adminId, lessonId: lessons[attached]!.id, fileId: pdf.id, position: 1 });
    }
    return { id: row!.id, lessons: lessons.map((l) => l.id) };
  };

  const theory = oneSchool ? await providerCourse(tx, PROVIDER_COURSE.title) : await add(PROVIDER_COURSE, 40);
  const [foundations, voice] = [await add(COURSES[0]!, 30), await add(COURSES[1]!, 20)];
  await add(COURSES[2]!, 2);

  const lily = who('student').id;
  await tx.insert(courseAssignments).values([
    { adminId: school, courseId: foundations.id, classGroupId: group!.id, assignedBy: school, createdAt: days(28) },
    { adminId: school, courseId: voice.id, studentId: lily, assignedBy: who('teacher').id, createdAt: days(18) },
    { adminId: school, courseId: theory.id, studentId: lily, assignedBy: school, createdAt: days(25) },
  ]);
  const done = [foundations.lessons[0]!, foundations.lessons[1]!, voice.lessons[0]!, theory.lessons[0]!];
  await tx.insert(courseLessonCompletions).values(done.map((lessonId, i) => ({ adminId: school, lessonId, studentId: lily, completedAt: days(15 - i * 3) })));
}

/** The provider's course the whole demo seeded (a spec's school, decision 064, shares it): its id and lessons in order. */
async function providerCourse(tx: Tx, title: string): Promise<{ id: string; lessons: string[] }> {
  const [course] = await tx.select({ id: courses.id }).from(courses).where(and(eq(courses.provider, true), eq(courses.title, title)));
  if (!course) throw new Error(`A spec's school needs the demo's provider course ${title}`);
  const lessons = await tx.select({ id: courseLessons.id }).from(courseLessons).where(eq(courseLessons.courseId, course.id)).orderBy(courseLessons.position);
  return { id: course.id, lessons: lessons.map((l) => l.id) };
}
