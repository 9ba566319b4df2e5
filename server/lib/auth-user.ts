import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { schools, users, type UserRow } from '../db/schema/index.js';

/** A user with what the session needs of their school. */
export type AuthUser = UserRow & { schoolName: string | null; showStore: boolean };

const school = alias(schools, 'school');

/** Selects users joined to their school's settings; callers add the where clause. */
export function selectAuthUsers(tx: Tx) {
  return tx
    .select({ user: users, schoolName: school.schoolName, showStore: school.showStore })
    .from(users)
    .leftJoin(school, eq(school.adminId, users.adminId));
}

export function toAuthUser(row: { user: UserRow; schoolName: string | null; showStore: boolean | null }): AuthUser {
  return { ...row.user, schoolName: row.schoolName, showStore: row.showStore ?? false };
}
