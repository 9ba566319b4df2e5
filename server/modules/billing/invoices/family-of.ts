import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { parentsOfStudent } from '../../relations/index.js';

/** A student's parents' ids (relations: parent_children). */
export async function parentIdsOf(tx: Tx, studentId: string): Promise<string[]> {
  const { rows } = (await tx.execute(sql`select p.id from ${parentsOfStudent(studentId)} p(id)`)) as unknown as { rows: { id: string }[] };
  return rows.map((r) => r.id);
}
