import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { createSchool, createUser, type TestSchool } from '../../test/factories.js';
import type { Database } from '../../db/client.js';
import { assertUsernameFree, freeUsernameFor, takenUsernames } from './user-accounts.js';

let db: Database;
let a: TestSchool;
let b: TestSchool;

beforeAll(async () => {
  db = await openTestDatabase();
  a = await createSchool(db);
  b = await createSchool(db);
  await createUser(db, 'student', b.adminId, { username: 'Emma.Stone' });
  await createUser(db, 'student', b.adminId, { username: 'emma.stone2' });
});
afterAll(() => db.close());

/** School A's own transaction: row-level security hides school B's people from it. */
const inSchoolA = <T>(fn: Parameters<Database['transaction']>[1]) => db.transaction({ kind: 'school', adminId: a.adminId }, fn) as Promise<T>;

describe('usernames are unique on the platform, seen from inside one school', () => {
  it('answers which candidate names another school’s people hold, in any case', async () => {
    const taken = await inSchoolA<Set<string>>((tx) => takenUsernames(tx, ['EMMA.STONE', 'emma.stone3', a.student.username]));
    expect(taken).toEqual(new Set(['emma.stone', a.student.username.toLowerCase()]));
  });

  it('makes a free username past the names taken in other schools', async () => {
    expect(await inSchoolA<string>((tx) => freeUsernameFor(tx, 'Emma', 'Stone'))).toBe('emma.stone3');
    expect(await inSchoolA<string>((tx) => freeUsernameFor(tx, 'Zoë', 'O’Neil'))).toBe('zoe.oneil');
    expect(await inSchoolA<string>((tx) => freeUsernameFor(tx, '李', '雷'))).toBe('student');
  });

  it('refuses a username another school’s person holds, with the field message', async () => {
    await expect(inSchoolA((tx) => assertUsernameFree(tx, 'emma.stone'))).rejects.toMatchObject({ status: 400, errors: { username: 'Username already exists' } });
    await expect(inSchoolA((tx) => assertUsernameFree(tx, 'emma.stone9'))).resolves.toBeUndefined();
  });
});
