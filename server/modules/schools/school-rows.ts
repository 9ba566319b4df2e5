import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { schools } from '../../db/schema/index.js';

/**
 * The schools table belongs to this module (decision 058): school plans (a booking's store and
 * lapse, self-registration) and the store's switch change a school's row through these, in their
 * own transaction.
 */
export type NewSchoolRow = typeof schools.$inferInsert;
/** What another module may change of a school: whether it has the store, and its plan's lapse. */
export type SchoolPlanState = Partial<Pick<NewSchoolRow, 'showStore' | 'planLapsedAt'>>;

export async function createSchoolRow(tx: Tx, row: NewSchoolRow): Promise<void> {
  await tx.insert(schools).values(row);
}

export async function setSchoolPlanState(tx: Tx, adminId: string, state: SchoolPlanState): Promise<void> {
  await tx.update(schools).set(state).where(eq(schools.adminId, adminId));
}

export async function deleteSchoolRow(tx: Tx, adminId: string): Promise<void> {
  await tx.delete(schools).where(eq(schools.adminId, adminId));
}

/** Whether the school's plan lapsed: the public calls that charge a family or add a person ask it, having no session to carry it (decision 071). */
export async function planLapsedOf(tx: Tx, adminId: string): Promise<boolean> {
  const [row] = await tx.select({ lapsedAt: schools.planLapsedAt }).from(schools).where(eq(schools.adminId, adminId)).limit(1);
  return Boolean(row?.lapsedAt);
}
