import type { Tx } from '../../db/client.js';
import { studentGenres } from '../../db/schema/index.js';

/**
 * student_genres belongs to members (decision 058): an approved signup gives its new student the
 * instruments and levels of the form through this.
 */
export type StudentGenre = typeof studentGenres.$inferInsert;

export async function addStudentGenres(tx: Tx, rows: StudentGenre[]): Promise<void> {
  await tx.insert(studentGenres).values(rows);
}
