import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { fieldError, notFound } from '../../lib/http-errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { AUTH_MESSAGES } from '../../../shared/contracts/auth.js';
import type { profileBody } from '../../../shared/contracts/profile.js';
import type { z } from 'zod';
import { endOtherSessionsOf, updateAccount, updateAccountReturning } from '../auth/index.js';

export async function getProfile(tx: Tx, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User not found');
  return user;
}

export async function updateProfile(tx: Tx, userId: string, input: z.output<typeof profileBody>): Promise<UserRow> {
  const user = await updateAccountReturning(tx, userId, {
    cellPhone: input.cellPhone, address1: input.address1, city: input.city, state: input.state, postalCode: input.postal_code, updatedAt: new Date(),
  });
  if (!user) throw notFound('User not found');
  return user;
}

/** Changes the password and ends every other session of the user (this one stays signed in). */
export async function changePassword(tx: Tx, userId: string, sessionId: string, current: string, next: string): Promise<void> {
  const user = await getProfile(tx, userId);
  if (!(await verifyPassword(user.passwordHash, current))) {
    throw fieldError('currentPassword', AUTH_MESSAGES.currentPasswordWrong);
  }
  await updateAccount(tx, userId, { passwordHash: await hashPassword(next), updatedAt: new Date() });
  await endOtherSessionsOf(tx, userId, sessionId);
}
