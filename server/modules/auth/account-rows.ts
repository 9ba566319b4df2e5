import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sessions, users, type UserRow } from '../../db/schema/index.js';

/**
 * The users and sessions tables belong to auth (decision 058): the other modules that make, change
 * or remove an account, or end its sessions, do it through these, in their own transaction.
 */
export type NewAccount = typeof users.$inferInsert;
export type AccountChanges = Partial<Omit<NewAccount, 'id'>>;

/** Inserts one account row; the caller may catch a clash with rethrowUniqueUser. */
export function createAccount(tx: Tx, row: NewAccount) {
  return tx.insert(users).values(row);
}

/** Changes one account's columns; the caller may catch a clash with rethrowUniqueUser. */
export function updateAccount(tx: Tx, userId: string, changes: AccountChanges) {
  return tx.update(users).set(changes).where(eq(users.id, userId));
}

/** Changes one account and answers its row (none when there is no such account). */
export async function updateAccountReturning(tx: Tx, userId: string, changes: AccountChanges): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

/** Whether a person gets notifications; none when there is no such person. */
export async function setNotificationsOn(tx: Tx, userId: string, notificationsOn: boolean): Promise<{ on: boolean } | undefined> {
  const [row] = await tx.update(users).set({ notificationsOn }).where(eq(users.id, userId)).returning({ on: users.notificationsOn });
  return row;
}

/** Deletes an account (its links, sessions and tokens cascade). */
export async function deleteAccount(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}

/** Turns off every account of a school. */
export async function deactivateSchoolAccounts(tx: Tx, schoolId: string): Promise<void> {
  await tx.update(users).set({ status: false, updatedAt: new Date() }).where(eq(users.adminId, schoolId));
}

/** Ends every session of a person, and every login-as session they started. */
export async function endSessionsOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(sessions).where(or(eq(sessions.userId, userId), eq(sessions.actorUserId, userId)));
}

/** Ends every session of a person but the one given (theirs, still signed in). */
export async function endOtherSessionsOf(tx: Tx, userId: string, keptSessionId: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId)));
}

/** Ends every session of the school's people, and every login-as session one of them started. */
export async function endSessionsOfSchool(tx: Tx, schoolId: string): Promise<void> {
  const people = tx.select({ id: users.id }).from(users).where(eq(users.adminId, schoolId));
  await tx.delete(sessions).where(or(inArray(sessions.userId, people), inArray(sessions.actorUserId, people)));
}
