import type { Tx } from '../../db/client.js';
import { recordActivity } from '../activities/index.js';
import type { InstrumentInput } from '../../../shared/contracts/members.js';
import type { MemberContext } from './context.js';
import { assertGenres, writeInstruments } from './member-links.js';
import { authorizeMember, findPerson } from './member-targets.js';
import { loadDetails } from './member-details.js';
import { presentMember } from './presenter.js';

/** A student's instruments and levels: what a teacher may change on their own student. */
export async function updateStudentInstruments(tx: Tx, ctx: MemberContext, id: string, instruments: InstrumentInput[]) {
  const person = await authorizeMember(tx, ctx.actor, 'updateInstruments', 'student', id);
  await assertGenres(tx, instruments.map((i) => i.genreId), 'instruments');
  await writeInstruments(tx, person.adminId!, person.id, instruments);
  await recordActivity(tx, {
    adminId: person.adminId!, actorId: ctx.actor.accountableId, action: 'member.updated', targetUserId: person.id, ip: ctx.actor.ip, meta: { instruments: true },
  });
  const updated = (await findPerson(tx, person.id))!;
  return presentMember(updated, (await loadDetails(tx, 'student', [person.id], ctx.actor)).get(person.id));
}
