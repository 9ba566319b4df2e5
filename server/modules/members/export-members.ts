import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { Reach } from '../../policies/members.js';
import type { Actor } from '../../lib/actor.js';
import { MEMBER_STATUS_WORDS, type MemberListItem, type PersonRole } from '../../../shared/contracts/members.js';
import { toCsv } from '../../lib/csv.js';
import { mayRunPayroll } from '../../policies/payroll.js';
import { centsOf, plainDollars } from '../../../shared/money.js';
import { memberConditions, memberOrder, type MemberFilters } from './list-members.js';
import { loadDetails } from './member-details.js';
import { presentMember } from './presenter.js';

/** A school's people fit in one file; the cap keeps one request from reading without end. */
const EXPORT_MAX_ROWS = 20_000;

type Column = [header: string, value: (m: MemberListItem) => string | number];
const names = (list?: { first_name: string; last_name: string }[]) => (list ?? []).map((p) => `${p.first_name} ${p.last_name}`).join('; ');

const COMMON: Column[] = [
  ['First Name', (m) => m.first_name],
  ['Last Name', (m) => m.last_name],
  ['Username', (m) => m.username],
  ['Email', (m) => m.email ?? ''],
  ['Phone', (m) => m.cellPhone],
  ['Status', (m) => (m.status ? MEMBER_STATUS_WORDS.active : MEMBER_STATUS_WORDS.inactive)],
];

const BY_ROLE: Record<PersonRole, Column[]> = {
  subadmin: [['Payroll Report', (m) => (m.allow_payroll_report ? 'Yes' : 'No')]],
  teacher: [
    ['Instruments', (m) => (m.genres ?? []).map((g) => g.name).join('; ')],
    ['Private Rate', (m) => plainDollars(centsOf(m.private_rate ?? 0))],
    ['Class/Group Rate', (m) => plainDollars(centsOf(m.class_group_rate ?? 0))],
    ['Students', (m) => m.studentCount ?? 0],
  ],
  student: [
    ['Instruments', (m) => (m.instruments ?? []).map((i) => `${i.genreId.name}:${i.level}`).join('; ')],
    ['Teachers', (m) => names(m.teachers)],
    ['Parents', (m) => names(m.parents)],
  ],
  parent: [['Children', (m) => names(m.children)]],
};

const PAY_RATE_COLUMNS = new Set(['Private Rate', 'Class/Group Rate']);

/** Every row of a list with its filters (not only one page), as CSV with a header row. */
export async function exportMembers(tx: Tx, actor: Actor, role: PersonRole, reach: Reach, q: MemberFilters): Promise<string> {
  const { where } = memberConditions(actor, role, reach, q);
  const rows = await tx.select().from(users).where(where).orderBy(...memberOrder(q)).limit(EXPORT_MAX_ROWS);
  const details = await loadDetails(tx, role, rows.map((r) => r.id), actor);
  // Pay rates are payroll's (issue 26): without the right the file has no rate columns at all.
  const roleColumns = mayRunPayroll(actor) ? BY_ROLE[role] : BY_ROLE[role].filter(([header]) => !PAY_RATE_COLUMNS.has(header));
  const columns = [...COMMON, ...roleColumns, ['Created At', (m: MemberListItem) => m.createdAt.slice(0, 10)] as Column];
  const items = rows.map((r) => presentMember(r, details.get(r.id)));
  return toCsv([columns.map(([h]) => h), ...items.map((m) => columns.map(([, value]) => value(m)))]);
}
