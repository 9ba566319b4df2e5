import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { recordActivity } from '../activities/index.js';
import { deleteAccount } from '../auth/index.js';
import { conflict } from '../../lib/http-errors.js';
import { isHistoryColumn, removalAnswer } from '../../policies/member-removal.js';
import { MEMBER_MESSAGES, ROLE_OF_KIND, type PersonKindPath } from '../../../shared/contracts/members.js';
import type { MemberContext } from './context.js';
import { authorizeMember } from './member-targets.js';

/** Every column of the schema that references users, from the catalog (so tables added later count). */
async function userColumns(tx: Tx): Promise<{ table: string; column: string }[]> {
  const found = await tx.execute(sql`select cl.relname as table_name, a.attname as column_name
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass and n.nspname = current_schema()
    order by 1, 2`);
  return found.rows.map((r) => ({ table: String(r.table_name), column: String(r.column_name) }));
}

/** The history columns that hold a row naming this person. */
export async function historyOf(tx: Tx, personId: string): Promise<string[]> {
  const columns = (await userColumns(tx)).filter((c) => isHistoryColumn(c.table, c.column));
  const withRows: string[] = [];
  for (const { table, column } of columns) {
    const res = await tx.execute(sql`select exists (select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} = ${personId}) as found`);
    if (res.rows[0]?.found === true) withRows.push(`${table}.${column}`);
  }
  return withRows;
}

/** A person with nothing but links is deleted (links go with them); one with history answers 409. */
export async function removeMember(tx: Tx, ctx: MemberContext, kind: PersonKindPath, id: string) {
  const role = ROLE_OF_KIND[kind];
  const person = await authorizeMember(tx, ctx.actor, 'delete', role, id);
  if (removalAnswer(await historyOf(tx, person.id)) === 'keep') throw conflict(MEMBER_MESSAGES.hasHistory);
  await deleteAccount(tx, person.id);
  // The person is gone, so the activity names them in its meta rather than by reference.
  await recordActivity(tx, {
    adminId: person.adminId!, actorId: ctx.actor.accountableId, action: 'member.removed', ip: ctx.actor.ip,
    meta: { name: `${person.firstName} ${person.lastName} (${role})`, first_name: person.firstName, last_name: person.lastName, role },
  });
}
