import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.js';
import { classGroups, classGroupStudents, parentChildren, schools, studentTeachers, users } from '../db/schema/index.js';
import { hash as argon2Hash } from '@node-rs/argon2';
import type { Role } from '../../shared/roles.js';

export const TEST_PASSWORD = 'Test@12345';
let passwordHash: Promise<string> | undefined;

/**
 * The factories' people share one argon2id hash of TEST_PASSWORD made with the smallest cost
 * (argon2 reads the cost from the hash), so a sign-in in a test costs well under a millisecond
 * instead of ~20 ms. Passwords the app itself sets (reset, change) get the real cost.
 */
const TEST_HASH_OPTIONS = { algorithm: 2, memoryCost: 512, timeCost: 1, parallelism: 1 };

export type TestUser = { id: string; username: string; role: Role; adminId: string | null; email: string };

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${randomUUID().slice(0, 6)}`;

/** Inserts one user as the system would; usernames are unique per call. */
export async function createUser(db: Database, role: Role, adminId: string | null, extra: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> {
  passwordHash ??= argon2Hash(TEST_PASSWORD, TEST_HASH_OPTIONS);
  const id = extra.id ?? randomUUID();
  const username = extra.username ?? unique(role);
  const email = extra.email ?? `${username}@example.test`;
  const hash = await passwordHash;
  await db.transaction({ kind: 'all' }, (tx) =>
    tx.insert(users).values({
      id,
      adminId: role === 'admin' ? id : adminId,
      role,
      username,
      email,
      passwordHash: hash,
      firstName: role[0]!.toUpperCase() + role.slice(1),
      lastName: 'Tester',
      emailVerifiedAt: new Date(),
      ...extra,
    }),
  );
  return { id, username, role, adminId: role === 'admin' ? id : adminId, email };
}

export type TestSchool = {
  adminId: string;
  admin: TestUser;
  subadmin: TestUser;
  teacher: TestUser;
  student: TestUser;
  /** A student of the school who is not the teacher's and not the parent's child. */
  otherStudent: TestUser;
  parent: TestUser;
  classGroupId: string;
};

/** A school with one person of each role, the teacher teaching `student`, the parent theirs. */
export async function createSchool(db: Database, options: { addrole?: 'School' | 'Private teacher'; name?: string } = {}): Promise<TestSchool> {
  const admin = await createUser(db, 'admin', null, { addrole: options.addrole ?? 'School' });
  const adminId = admin.id;
  await db.transaction({ kind: 'all' }, (tx) => tx.insert(schools).values({ adminId, schoolName: options.name ?? `School ${adminId.slice(0, 4)}` }));
  const [subadmin, teacher, student, otherStudent, parent] = [
    await createUser(db, 'subadmin', adminId),
    await createUser(db, 'teacher', adminId),
    await createUser(db, 'student', adminId),
    await createUser(db, 'student', adminId),
    await createUser(db, 'parent', adminId),
  ];
  const classGroupId = await db.transaction({ kind: 'all' }, async (tx) => {
    await tx.insert(studentTeachers).values({ adminId, studentId: student.id, teacherId: teacher.id });
    await tx.insert(parentChildren).values({ adminId, parentId: parent.id, studentId: student.id });
    const [g] = await tx.insert(classGroups).values({ adminId, name: 'Test Ensemble', teacherId: teacher.id }).returning();
    return g!.id;
  });
  return { adminId, admin, subadmin, teacher, student: student!, otherStudent: otherStudent!, parent: parent!, classGroupId };
}

export type TestSchoolWithGroup = TestSchool & {
  /** A student who is the teacher's only as a member of the teacher's class/group (decision 016). */
  groupStudent: TestUser;
};

/**
 * A school as above plus `groupStudent`, a member of the teacher's class/group and nothing else:
 * the case where "the teacher's students" used to differ between lists, counts and policies.
 */
export async function createSchoolWithGroupStudent(db: Database, options: Parameters<typeof createSchool>[1] = {}): Promise<TestSchoolWithGroup> {
  const school = await createSchool(db, options);
  const groupStudent = await createUser(db, 'student', school.adminId, { firstName: 'Groupstudent' });
  await db.transaction({ kind: 'all' }, (tx) =>
    tx.insert(classGroupStudents).values({ adminId: school.adminId, classGroupId: school.classGroupId, studentId: groupStudent.id }));
  return { ...school, groupStudent };
}
