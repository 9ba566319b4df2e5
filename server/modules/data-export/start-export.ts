import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { dataExports } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { answer, type Answer } from '../../lib/contract-route.js';
import { forbidden } from '../../lib/http-errors.js';
import { schoolToday } from '../../lib/school-clock.js';
import { mayExport } from '../../policies/data-export.js';
import { DATA_EXPORT_MESSAGES as M, type DataExport, type DataExportScope } from '../../../shared/contracts/data-export.js';
import { BUILD_DATA_EXPORTS_JOB } from './build-export.js';
import { presentExport } from './presenter.js';

/** "riverside-music" from the school's name, for the file's name. */
const slugOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'school';

/**
 * Asks for an export (decision 092): one row, built by the job once this commits. A person has one
 * export under way at a time: asking again answers that one. Their earlier archives expire now,
 * so the newest is the only one kept.
 */
export async function startExport(tx: Tx, actor: Actor, scope: DataExportScope, now: Date): Promise<Answer<DataExport>> {
  if (!mayExport(actor, scope) || !actor.adminId) throw forbidden(M.notAllowed);
  // The archive is the asker's: staff acting as a family member do not make one in their name.
  if (actor.realUser) throw forbidden(M.notInLoginAs);
  const [open] = await tx.select().from(dataExports)
    .where(and(eq(dataExports.requestedBy, actor.id), inArray(dataExports.status, ['pending', 'running'])))
    .orderBy(desc(dataExports.createdAt)).limit(1);
  if (open) return answer(presentExport(open), M.alreadyRunning);

  await tx.update(dataExports).set({ expiresAt: now })
    .where(and(eq(dataExports.requestedBy, actor.id), or(isNull(dataExports.expiresAt), gt(dataExports.expiresAt, now))));
  const day = await schoolToday(tx, actor.adminId, now);
  const who = scope === 'school' ? slugOf(actor.user.schoolName ?? '') : slugOf(actor.user.username);
  const [row] = await tx.insert(dataExports).values({
    adminId: actor.adminId, requestedBy: actor.id, scope, fileName: `cadenza-export-${who}-${day}.zip`, createdAt: now,
  }).returning();
  tx.afterCommit({ job: BUILD_DATA_EXPORTS_JOB });
  return answer(presentExport(row!), M.started);
}

/** The person's newest export, or null. */
export async function latestExport(tx: Tx, actor: Actor): Promise<DataExport | null> {
  const [row] = await tx.select().from(dataExports).where(eq(dataExports.requestedBy, actor.id)).orderBy(desc(dataExports.createdAt)).limit(1);
  return row ? presentExport(row) : null;
}
