import { and, asc, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import { rooms } from '../../../db/schema/index.js';
import { fieldError, notFound } from '../../../lib/http-errors.js';
import type { Actor } from '../../../lib/actor.js';
import { likePattern } from '../../../lib/name-search.js';
import { offsetOf, toListResult, totalOf, totalRows } from '../../../lib/paging.js';
import { SCHEDULING_MESSAGES as M, type roomForm, type roomListBody, type roomUpdateBody } from '../../../../shared/contracts/scheduling.js';
import { loadSchoolSchedule } from '../time/school-schedule.js';
import { presentRoom } from './setup-presenter.js';
import { rethrowUniqueName } from './unique-name.js';
import { setupSchoolOf } from './setup-access.js';

type RoomInput = z.output<typeof roomForm>;

/** Staff keep the rooms; teachers read them to pick one in the lesson modal. */
export async function listRooms(tx: Tx, actor: Actor, q: z.output<typeof roomListBody>) {
  const adminId = setupSchoolOf(actor, false);
  const where = and(eq(rooms.adminId, adminId), q.search ? ilike(rooms.roomName, likePattern(q.search)) : undefined);
  const direction = q.orderBy === -1 ? desc : asc;
  const sortColumn = q.sortBy === 'roomName' ? sql`lower(${rooms.roomName})` : rooms.createdAt;
  const rows = await tx.select({ room: rooms, total: totalRows }).from(rooms).where(where)
    .orderBy(direction(sortColumn), direction(rooms.id)).limit(q.limit).offset(offsetOf(q));
  const total = await totalOf(rows, q, async () => (await tx.select({ n: sql<number>`count(*)::int` }).from(rooms).where(where))[0]?.n ?? 0);
  return toListResult(rows.map((r) => presentRoom(r.room)), total, q);
}

async function assertNameFree(tx: Tx, adminId: string, name: string, exceptId?: string) {
  const [taken] = await tx.select({ id: rooms.id }).from(rooms)
    .where(and(eq(rooms.adminId, adminId), sql`lower(${rooms.roomName}) = lower(${name})`, exceptId ? ne(rooms.id, exceptId) : undefined)).limit(1);
  if (taken) throw fieldError('roomName', M.roomTaken);
}

export async function addRoom(tx: Tx, actor: Actor, f: RoomInput) {
  const adminId = setupSchoolOf(actor, true);
  await loadSchoolSchedule(tx, adminId);
  await assertNameFree(tx, adminId, f.roomName);
  const [made] = await tx.insert(rooms).values({ adminId, roomName: f.roomName, capacity: f.capacity }).returning()
    .catch((e: unknown) => rethrowUniqueName(e, 'rooms_admin_name_idx', 'roomName', M.roomTaken));
  return presentRoom(made!);
}

async function findRoom(tx: Tx, adminId: string, id: string) {
  const [room] = await tx.select().from(rooms).where(and(eq(rooms.id, id), eq(rooms.adminId, adminId)));
  if (!room) throw notFound(M.roomNotFound);
  return room;
}

export async function updateRoom(tx: Tx, actor: Actor, f: z.output<typeof roomUpdateBody>) {
  const adminId = setupSchoolOf(actor, true);
  await findRoom(tx, adminId, f.id);
  await assertNameFree(tx, adminId, f.roomName, f.id);
  const [changed] = await tx.update(rooms).set({ roomName: f.roomName, capacity: f.capacity }).where(eq(rooms.id, f.id)).returning()
    .catch((e: unknown) => rethrowUniqueName(e, 'rooms_admin_name_idx', 'roomName', M.roomTaken));
  return presentRoom(changed!);
}

/** Its lessons keep working without a room (the foreign key sets null). */
export async function removeRoom(tx: Tx, actor: Actor, id: string) {
  const adminId = setupSchoolOf(actor, true);
  await findRoom(tx, adminId, id);
  await tx.delete(rooms).where(eq(rooms.id, id));
}
