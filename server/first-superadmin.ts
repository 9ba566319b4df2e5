import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './db/client.js';
import { users } from './db/schema/index.js';
import { hashPassword } from './lib/passwords.js';
import { createAccount, takenUsernames } from './modules/auth/index.js';
import { AUTH_MESSAGES, newPasswordField, usernameField } from '../shared/contracts/auth.js';
import { ACCOUNT_MESSAGES, requiredString } from '../shared/contracts/common.js';
import { emailField } from '../shared/contracts/members.js';

/** What `npm run setup` takes: the password under the same rule as every password of the app. */
export const firstSuperadminInput = z.object({
  email: emailField.max(254),
  username: usernameField.pipe(z.string().max(100, 'Username should allow only 100 characters.')),
  firstName: requiredString('First name is Required').max(100),
  lastName: requiredString('Last name is Required').max(100),
  password: newPasswordField(AUTH_MESSAGES.passwordWeak),
});
export type FirstSuperadminInput = z.input<typeof firstSuperadminInput>;

export type FirstSuperadminResult =
  | { created: true; username: string }
  | { created: false; reason: string };

const reasonOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');

/** Why the input would be refused, or null: `npm run setup` asks before it opens (or migrates) the database. */
export function refusalOfFirstSuperadmin(input: FirstSuperadminInput): string | null {
  const parsed = firstSuperadminInput.safeParse(input);
  return parsed.success ? null : reasonOf(parsed.error);
}

export async function hasSuperadmin(db: Database): Promise<boolean> {
  return db.transaction({ kind: 'all' }, async (tx) => {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).limit(1);
    return Boolean(row);
  });
}

/**
 * The provider's first account on a database without the demo (PostgreSQL): made once, and
 * refused while any superadmin exists, so the command cannot be used to take over a running
 * platform. Input is validated before anything is read or written.
 */
export async function createFirstSuperadmin(db: Database, input: FirstSuperadminInput): Promise<FirstSuperadminResult> {
  const parsed = firstSuperadminInput.safeParse(input);
  if (!parsed.success) return { created: false, reason: reasonOf(parsed.error) };
  const v = parsed.data;
  const passwordHash = await hashPassword(v.password);
  return db.transaction({ kind: 'all' }, async (tx) => {
    // Two set-ups at once on PostgreSQL: the second waits here and then sees the first's account.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cadenza:first-superadmin'))`);
    const [existing] = await tx.select({ username: users.username }).from(users).where(eq(users.role, 'superadmin')).limit(1);
    if (existing) return { created: false, reason: `A superadmin already exists (${existing.username}): sign in as them, or use "Forgot password".` };
    if ((await takenUsernames(tx, [v.username])).has(v.username.toLowerCase())) return { created: false, reason: ACCOUNT_MESSAGES.usernameTaken };
    await createAccount(tx, {
      role: 'superadmin', adminId: null, username: v.username, email: v.email, passwordHash,
      firstName: v.firstName, lastName: v.lastName, emailVerifiedAt: new Date(),
    });
    return { created: true, username: v.username };
  });
}
