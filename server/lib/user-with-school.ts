import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { schools, users, type UserRow } from '../db/schema/index.js';

/**
 * An account with what a session needs of its school. `schoolOpen`: the school's owner is active
 * and the school not removed (app_school_open, migration 0006); without it nobody of the school
 * may sign in or act. A row, not an actor: the request's actor (lib/actor.ts) holds one or two.
 */
export type UserWithSchool = UserRow & {
  schoolName: string | null;
  showStore: boolean;
  schoolOpen: boolean;
  /** The school's plan from the provider has lapsed (issue 12): its calls answer 402 but those its routes declare open (decision 071). */
  planLapsed?: boolean;
};

const school = alias(schools, 'school');

/** Selects users joined to their school's settings; callers add the where clause. */
export function selectUsersWithSchool(tx: Tx) {
  return tx
    .select({
      user: users,
      schoolName: school.schoolName,
      showStore: school.showStore,
      schoolOpen: sql<boolean>`app_school_open(${users.adminId}, ${users.id})`,
    })
    .from(users)
    .leftJoin(school, eq(school.adminId, users.adminId));
}

export function toUserWithSchool(row: { user: UserRow; schoolName: string | null; showStore: boolean | null; schoolOpen: boolean }): UserWithSchool {
  return { ...row.user, schoolName: row.schoolName, showStore: row.showStore ?? false, schoolOpen: row.schoolOpen };
}
