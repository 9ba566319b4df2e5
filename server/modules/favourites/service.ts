import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { favouriteSongs } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../lib/paging.js';
import { mayKeepFavourites } from '../../policies/practice.js';
import { FAVOURITE_MESSAGES as M, type FavouriteSong, type favouriteListBody, type favouriteSongForm } from '../../../shared/contracts/favourites.js';

type SongRow = typeof favouriteSongs.$inferSelect;

const present = (r: SongRow): FavouriteSong => ({ _id: r.id, title: r.title, artist: r.artist, link: r.link, createdAt: r.createdAt.toISOString() });

function requireStudent(actor: Actor) {
  if (!mayKeepFavourites(actor)) throw forbidden();
}

/** The student's own songs, newest first (docs/domains/learning.md "Limits"'s default sort), 20 a page. */
export async function listFavouriteSongs(tx: Tx, actor: Actor, q: z.output<typeof favouriteListBody>) {
  requireStudent(actor);
  const where = eq(favouriteSongs.studentId, actor.id);
  const rows = await tx.select({ row: favouriteSongs, total: totalRows }).from(favouriteSongs).where(where)
    .orderBy(desc(favouriteSongs.createdAt), desc(favouriteSongs.id)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(favouriteSongs).where(where))[0]?.n ?? 0);
  return toListResult(rows.map((r) => present(r.row)), total, q);
}

export async function addFavouriteSong(tx: Tx, actor: Actor, f: z.output<typeof favouriteSongForm>) {
  requireStudent(actor);
  const [row] = await tx.insert(favouriteSongs).values({ adminId: actor.adminId!, studentId: actor.id, title: f.title, artist: f.artist, link: f.link }).returning();
  return present(row!);
}

/** Another student's song (of this school or another) is not found. */
export async function removeFavouriteSong(tx: Tx, actor: Actor, songId: string) {
  requireStudent(actor);
  const [gone] = await tx.delete(favouriteSongs).where(and(eq(favouriteSongs.id, songId), eq(favouriteSongs.studentId, actor.id))).returning({ id: favouriteSongs.id });
  if (!gone) throw notFound(M.notFound);
}
