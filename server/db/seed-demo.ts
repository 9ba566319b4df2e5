import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client.js';
import {
  classGroups, classGroupStudents, families, familyMembers, genres, parentChildren, schools, studentGenres, studentSignups, studentTeachers,
  teacherGenres, teacherPayRates, users,
} from './schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import type { FileStorage } from '../services/storage/storage.js';
import type { SecretBox } from '../lib/secret-box.js';
import type { Level } from '../../shared/constants.js';

export const DEMO_PASSWORD = 'Demo@12345';

/** The demo logins the README and the console list. */
export const DEMO_LOGINS = [
  { username: 'superadmin', who: 'Adrian Cole, the provider' },
  { username: 'admin', who: 'Eleanor Whitfield, Riverside Music Academy' },
  { username: 'subadmin', who: 'Marcus Bell, Riverside office manager (payroll allowed)' },
  { username: 'teacher', who: 'Sofia Marin, Riverside piano and voice teacher' },
  { username: 'student', who: 'Lily Chen, Riverside piano student' },
  { username: 'parent', who: 'Grace Chen, mother of Lily and Owen' },
  { username: 'admin2', who: 'Henry Alvarez, Northside Strings' },
  { username: 'privateteacher', who: 'Clara Jensen, Clara Jensen Piano Studio' },
] as const;

export const GENRE_NAMES = [
  'Piano', 'Guitar', 'Violin', 'Viola', 'Cello', 'Voice', 'Drums', 'Flute', 'Ukulele', 'Saxophone', 'Bass Guitar', 'Trumpet',
];

type Person = { username: string; first: string; last: string; phone?: string };
/** `teacher`: the teacher on the member record; none for a student who is a teacher's only through a class/group. */
type StudentSpec = Person & { instruments: [string, Level][]; teacher?: string };

/** What a seeder may need besides the database: the app's secret box (an invoice's sealed pay token). */
export type DemoContext = {
  box: SecretBox;
  /** Where the demo's uploaded files go (the app's storage); left out, the library demo keeps them in memory. */
  storage?: FileStorage;
  /** Seeding a spec's own school (seedDemoSchool): its login of a demo username; left out, the demo's own. */
  login?: (demoUsername: string) => string;
};

/** The username of a demo person in the school being seeded (DemoContext.login). */
export const demoLogin = (ctx: DemoContext | undefined, demoUsername: string): string => ctx?.login?.(demoUsername) ?? demoUsername;

/** What a module adds to the demo, after its people (e.g. scheduling's term of lessons). */
export type DemoSeeder = (tx: Tx, now: Date, ctx: DemoContext) => Promise<void>;

/**
 * Seeds only an empty database: the people and schools, then each module's own demo data, in
 * one transaction; answers whether it did. The modules' seeders come from the caller (server/demo.ts):
 * db/ imports no module.
 */
export async function seedDemoIfEmpty(db: Database, moduleSeeders: DemoSeeder[], ctx: DemoContext): Promise<boolean> {
  return db.transaction({ kind: 'all' }, async (tx) => {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
    if ((row?.n ?? 0) > 0) return false;
    await seedDemo(tx);
    const now = new Date();
    for (const seed of moduleSeeders) await seed(tx, now, ctx);
    return true;
  });
}

/** A school the end-to-end specs seeded for themselves (seedDemoSchool): its admin and its people's logins. */
export type DemoSchool = { adminId: string; schoolName: string; suffix: string; logins: Record<string, string> };

/**
 * One more Riverside Music Academy, for one browser spec (docs/decisions/064-each-browser-spec-on-its-own-school.md):
 * the demo's people, households, groups and sign-ups, with the same names ("Jack Wilson", the school's own), each
 * username and email marked with `suffix` so that it is unique; no provider, no other school; of
 * the modules' demo data, what `moduleSeeders` seed (those that find their people by ctx.login).
 * Answers the school and each demo username's login in it.
 */
export async function seedDemoSchool(db: Database, suffix: string, moduleSeeders: DemoSeeder[], ctx: DemoContext): Promise<DemoSchool> {
  if (!/^[a-z0-9]+$/.test(suffix)) throw new Error(`A school's suffix is letters and digits: ${suffix}`);
  return db.transaction({ kind: 'all' }, async (tx) => {
    const logins: Record<string, string> = {};
    const adminId = await seedDemo(tx, { suffix, logins });
    const login = (demoUsername: string) => {
      const found = logins[demoUsername];
      if (!found) throw new Error(`A spec's school has no ${demoUsername} (Riverside's people only)`);
      return found;
    };
    const now = new Date();
    for (const seed of moduleSeeders) await seed(tx, now, { ...ctx, login });
    return { adminId, schoolName: 'Riverside Music Academy', suffix, logins };
  });
}

/** The whole demo (no suffix), or with `only` one more Riverside of its own suffix; answers Riverside's admin. */
async function seedDemo(tx: Tx, only?: { suffix: string; logins: Record<string, string> }): Promise<string> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verified = new Date();
  const genreIds = new Map<string, string>();
  // Migration 0007 inserts the standard list; the demo makes sure of its own names.
  await tx.insert(genres).values(GENRE_NAMES.map((name) => ({ name }))).onConflictDoNothing();
  for (const g of await tx.select().from(genres)) genreIds.set(g.name, g.id);

  const addUser = async (adminId: string | null, role: string, p: Person, domain: string, extra: Partial<typeof users.$inferInsert> = {}) => {
    const id = extra.id ?? randomUUID();
    if (only) only.logins[p.username] = `${p.username}-${only.suffix}`;
    await tx.insert(users).values({
      id,
      adminId: role === 'admin' ? id : adminId,
      role,
      username: only ? `${p.username}-${only.suffix}` : p.username,
      email: `${p.first}.${p.last}${only ? `.${only.suffix}` : ''}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, ''),
      passwordHash,
      firstName: p.first,
      lastName: p.last,
      cellPhone: p.phone ?? '',
      emailVerifiedAt: verified,
      ...extra,
    });
    return id;
  };

  const addSchool = async (admin: Person, schoolName: string, domain: string, addrole: 'School' | 'Private teacher', address: Partial<typeof users.$inferInsert>) => {
    const id = await addUser(null, 'admin', admin, domain, { addrole, ...address });
    await tx.insert(schools).values({
      adminId: id, schoolName, timeZone: 'America/New_York',
      workingPhone: admin.phone ?? '', address1: address.address1 ?? '', city: address.city ?? '', state: address.state ?? '',
      postalCode: address.postalCode ?? '', country: 'United States',
      // The demo's schools run a term already: past their first day's checklist (decision 076).
      setupChecklistDismissedAt: new Date(),
    });
    return id;
  };

  const addStudents = async (adminId: string, domain: string, teachers: Map<string, string>, list: StudentSpec[]) => {
    const ids = new Map<string, string>();
    for (const s of list) {
      const id = await addUser(adminId, 'student', s, domain);
      ids.set(s.username, id);
      for (const [name, level] of s.instruments) {
        await tx.insert(studentGenres).values({ adminId, studentId: id, genreId: genreIds.get(name)!, level });
      }
      if (s.teacher) await tx.insert(studentTeachers).values({ adminId, studentId: id, teacherId: teachers.get(s.teacher)! });
    }
    return ids;
  };

  /** A teacher's instruments and pay per lesson: $35 private, $20 class/group. */
  const addTeacherDetails = async (adminId: string, teacherId: string, instruments: string[]) => {
    await tx.insert(teacherGenres).values(instruments.map((name) => ({ adminId, teacherId, genreId: genreIds.get(name)! })));
    await tx.insert(teacherPayRates).values([
      { adminId, teacherId, lessonKind: 'private', rateCents: 3500 },
      { adminId, teacherId, lessonKind: 'class_group', rateCents: 2000 },
    ]);
  };

  if (!only) await addUser(null, 'superadmin', { username: 'superadmin', first: 'Adrian', last: 'Cole' }, 'cadenza.example');

  // Riverside Music Academy: the full school.
  const rmaDomain = 'riversidemusic.example';
  const rma = await addSchool({ username: 'admin', first: 'Eleanor', last: 'Whitfield', phone: '+12125550142' }, 'Riverside Music Academy', rmaDomain, 'School',
    { address1: '48 Riverside Drive', city: 'New York', state: 'New York', postalCode: '10024' });
  await addUser(rma, 'subadmin', { username: 'subadmin', first: 'Marcus', last: 'Bell' }, rmaDomain, { allowPayrollReport: true });
  const rmaTeachers = new Map([
    ['teacher', await addUser(rma, 'teacher', { username: 'teacher', first: 'Sofia', last: 'Marin', phone: '+12125550187' }, rmaDomain)],
    ['jamesoconnor', await addUser(rma, 'teacher', { username: 'jamesoconnor', first: 'James', last: "O'Connor" }, rmaDomain)],
  ]);
  await addTeacherDetails(rma, rmaTeachers.get('teacher')!, ['Piano', 'Voice', 'Flute']);
  await addTeacherDetails(rma, rmaTeachers.get('jamesoconnor')!, ['Guitar', 'Violin', 'Cello', 'Drums', 'Ukulele']);
  const rmaStudents = await addStudents(rma, rmaDomain, rmaTeachers, [
    { username: 'student', first: 'Lily', last: 'Chen', instruments: [['Piano', 'intermediate'], ['Voice', 'beginner']], teacher: 'teacher' },
    { username: 'owenchen', first: 'Owen', last: 'Chen', instruments: [['Guitar', 'beginner']], teacher: 'jamesoconnor' },
    { username: 'avathompson', first: 'Ava', last: 'Thompson', instruments: [['Violin', 'advanced']], teacher: 'jamesoconnor' },
    { username: 'noahpatel', first: 'Noah', last: 'Patel', instruments: [['Drums', 'beginner']], teacher: 'jamesoconnor' },
    { username: 'miajohnson', first: 'Mia', last: 'Johnson', instruments: [['Piano', 'beginner']], teacher: 'teacher' },
    { username: 'lucaskim', first: 'Lucas', last: 'Kim', instruments: [['Piano', 'beginner'], ['Flute', 'intermediate']], teacher: 'teacher' },
    { username: 'chloenguyen', first: 'Chloe', last: 'Nguyen', instruments: [['Voice', 'advanced']], teacher: 'teacher' },
    { username: 'oliverbrooks', first: 'Oliver', last: 'Brooks', instruments: [['Cello', 'intermediate']], teacher: 'jamesoconnor' },
    { username: 'emmadavis', first: 'Emma', last: 'Davis', instruments: [['Violin', 'beginner']], teacher: 'jamesoconnor' },
    { username: 'jackwilson', first: 'Jack', last: 'Wilson', instruments: [['Guitar', 'intermediate'], ['Ukulele', 'beginner']], teacher: 'jamesoconnor' },
    // Sofia's student only through her Beginner Piano Group (decision 016).
    { username: 'ellagarcia', first: 'Ella', last: 'Garcia', instruments: [['Piano', 'beginner']] },
  ]);
  const parents: [Person, string[]][] = [
    [{ username: 'parent', first: 'Grace', last: 'Chen', phone: '+12125550163' }, ['student', 'owenchen']],
    [{ username: 'rajeshpatel', first: 'Rajesh', last: 'Patel' }, ['noahpatel']],
    [{ username: 'karenthompson', first: 'Karen', last: 'Thompson' }, ['avathompson']],
  ];
  for (const [p, children] of parents) {
    const parentId = await addUser(rma, 'parent', p, rmaDomain);
    for (const child of children) {
      await tx.insert(parentChildren).values({ adminId: rma, parentId, studentId: rmaStudents.get(child)!, direct: false });
    }
    // Each demo household is a family too, backing the links above (docs/decisions/008-families.md).
    const [family] = await tx.insert(families).values({ adminId: rma, name: `${p.last} family` }).returning();
    const members = [parentId, ...children.map((child) => rmaStudents.get(child)!)];
    await tx.insert(familyMembers).values(members.map((userId) => ({ adminId: rma, familyId: family!.id, userId })));
  }
  const groups: [string, string, string[]][] = [
    ['Junior Strings Ensemble', 'jamesoconnor', ['avathompson', 'oliverbrooks', 'emmadavis']],
    ['Beginner Piano Group', 'teacher', ['student', 'miajohnson', 'lucaskim', 'ellagarcia']],
  ];
  const groupIds = new Map<string, string>();
  for (const [name, teacher, members] of groups) {
    const [g] = await tx.insert(classGroups).values({ adminId: rma, name, teacherId: rmaTeachers.get(teacher)! }).returning();
    groupIds.set(name, g!.id);
    for (const m of members) {
      await tx.insert(classGroupStudents).values({ adminId: rma, classGroupId: g!.id, studentId: rmaStudents.get(m)! });
    }
  }

  // Two people who signed up on Riverside's website and wait under New Widget Students.
  const signup = (first: string, last: string, phone: string, instruments: [string, Level][]) => ({
    adminId: rma, firstName: first, lastName: last, email: `${first}.${last}${only ? `.${only.suffix}` : ''}@example.com`.toLowerCase(), cellPhone: phone,
    genres: instruments.map(([name, level]) => ({ genreId: genreIds.get(name)!, level })),
  });
  await tx.insert(studentSignups).values([
    signup('Nora', 'Bennett', '(212) 555-0191', [['Violin', 'beginner']]),
    signup('Theo', 'Ramirez', '(917) 555-0134', [['Drums', 'beginner'], ['Piano', 'intermediate']]),
  ]);

  if (only) return rma;

  // Northside Strings: a second school, to prove that schools never see each other.
  const nsDomain = 'northsidestrings.example';
  const ns = await addSchool({ username: 'admin2', first: 'Henry', last: 'Alvarez', phone: '+13125550187' }, 'Northside Strings', nsDomain, 'School',
    { address1: '1200 North Avenue', city: 'Chicago', state: 'Illinois', postalCode: '60622' });
  const nsTeachers = new Map([['isabelfontaine', await addUser(ns, 'teacher', { username: 'isabelfontaine', first: 'Isabel', last: 'Fontaine' }, nsDomain)]]);
  await addTeacherDetails(ns, nsTeachers.get('isabelfontaine')!, ['Violin', 'Viola', 'Cello']);
  await addStudents(ns, nsDomain, nsTeachers, [
    { username: 'samokafor', first: 'Sam', last: 'Okafor', instruments: [['Violin', 'intermediate']], teacher: 'isabelfontaine' },
    { username: 'zoelindqvist', first: 'Zoe', last: 'Lindqvist', instruments: [['Cello', 'beginner']], teacher: 'isabelfontaine' },
    { username: 'leomarchetti', first: 'Leo', last: 'Marchetti', instruments: [['Viola', 'advanced']], teacher: 'isabelfontaine' },
  ]);

  // A private teacher: a school of one, who is its own teacher.
  const ptDomain = 'clarajensenpiano.example';
  const pt = await addSchool({ username: 'privateteacher', first: 'Clara', last: 'Jensen', phone: '+15035550163' }, 'Clara Jensen Piano Studio', ptDomain, 'Private teacher',
    { address1: '9 Maple Lane', city: 'Portland', state: 'Oregon', postalCode: '97205' });
  await addStudents(pt, ptDomain, new Map([['privateteacher', pt]]), [
    { username: 'harperscott', first: 'Harper', last: 'Scott', instruments: [['Piano', 'beginner']], teacher: 'privateteacher' },
    { username: 'miloreyes', first: 'Milo', last: 'Reyes', instruments: [['Piano', 'intermediate']], teacher: 'privateteacher' },
  ]);
  return rma;
}
