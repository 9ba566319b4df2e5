import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { emailUnsubscribes, schools, users } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-errors.js';
import { COMMUNICATION_MESSAGES as M, type UnsubscribeAnswer } from '../../../../shared/contracts/communication.js';
import { readUnsubscribeToken, type UnsubscribeKey } from './unsubscribe-token.js';

type Person = { userId: string; adminId: string; firstName: string; schoolName: string };

/**
 * The public side of the link: no session, the signed token names the person and the school.
 * A token we did not sign, or whose person left the school, is 404.
 */
async function inSchoolOf<T>(db: Database, key: UnsubscribeKey, token: string, fn: (person: Person, tx: Tx) => Promise<T>): Promise<T> {
  const named = readUnsubscribeToken(key, token);
  if (!named) throw notFound(M.linkNotValid);
  return db.transaction({ kind: 'school', adminId: named.adminId }, async (tx) => {
    const [found] = await tx.select({ firstName: users.firstName, schoolName: schools.schoolName })
      .from(users).innerJoin(schools, eq(schools.adminId, users.adminId))
      .where(and(eq(users.id, named.userId), eq(users.adminId, named.adminId)));
    if (!found) throw notFound(M.linkNotValid);
    return fn({ ...named, ...found }, tx);
  });
}

export function readUnsubscribe(db: Database, key: UnsubscribeKey, token: string): Promise<UnsubscribeAnswer> {
  return inSchoolOf(db, key, token, async (p, tx) => {
    const [row] = await tx.select({ id: emailUnsubscribes.id }).from(emailUnsubscribes)
      .where(and(eq(emailUnsubscribes.adminId, p.adminId), eq(emailUnsubscribes.userId, p.userId)));
    return { schoolName: p.schoolName, first_name: p.firstName, unsubscribed: !!row };
  });
}

/** Idempotent: a second click (or the mail client's one-click POST after the page's) changes nothing. */
export function confirmUnsubscribe(db: Database, key: UnsubscribeKey, token: string): Promise<UnsubscribeAnswer> {
  return inSchoolOf(db, key, token, async (p, tx) => {
    await tx.insert(emailUnsubscribes).values({ adminId: p.adminId, userId: p.userId }).onConflictDoNothing();
    return { schoolName: p.schoolName, first_name: p.firstName, unsubscribed: true };
  });
}
