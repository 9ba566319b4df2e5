import { describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles.js';
import { decideActAsPayer, decidePayInvoice, decideReadCards, decideReadInvoices, mayKeepCards, mustNameStudent, type StudentFacts } from './billing-family.js';

const ME = '11111111-1111-4111-8111-111111111111';
const KID = '22222222-2222-4222-8222-222222222222';

type Case = { who: string; role: Role; facts: Partial<StudentFacts>; invoices: string; cards: string; pay: string };

const base: StudentFacts = { studentId: KID, isChildOfActor: false, hasParent: true, isTeachersOwn: false, actorPays: false };

// One line a situation: what each decision answers.
const MATRIX: Case[] = [
  { who: 'admin', role: 'admin', facts: {}, invoices: 'allow', cards: 'allow', pay: 'forbidden' },
  { who: 'subadmin', role: 'subadmin', facts: {}, invoices: 'allow', cards: 'allow', pay: 'forbidden' },
  { who: 'superadmin', role: 'superadmin', facts: {}, invoices: 'allow', cards: 'allow', pay: 'forbidden' },
  { who: 'teacher of the student', role: 'teacher', facts: { isTeachersOwn: true }, invoices: 'allow', cards: 'forbidden', pay: 'forbidden' },
  { who: 'another teacher', role: 'teacher', facts: {}, invoices: 'not-found', cards: 'not-found', pay: 'not-found' },
  { who: 'the parent', role: 'parent', facts: { isChildOfActor: true, actorPays: true }, invoices: 'allow', cards: 'allow', pay: 'allow' },
  { who: 'another family’s parent', role: 'parent', facts: {}, invoices: 'not-found', cards: 'not-found', pay: 'not-found' },
  { who: 'the student, with a parent', role: 'student', facts: { studentId: ME }, invoices: 'allow', cards: 'forbidden', pay: 'forbidden' },
  { who: 'the student, paying for themself', role: 'student', facts: { studentId: ME, hasParent: false, actorPays: true }, invoices: 'allow', cards: 'allow', pay: 'allow' },
  { who: 'another student', role: 'student', facts: { hasParent: false }, invoices: 'not-found', cards: 'not-found', pay: 'not-found' },
];

describe('families pay: who may', () => {
  it.each(MATRIX.map((c) => [c.who, c] as const))('%s', (_who, c) => {
    const actor = { id: ME, role: c.role };
    const facts = { ...base, ...c.facts };
    expect({ invoices: decideReadInvoices(actor, facts), cards: decideReadCards(actor, facts), pay: decideActAsPayer(actor, facts) })
      .toEqual({ invoices: c.invoices, cards: c.cards, pay: c.pay });
  });

  it('lets only an invoice’s own payer pay it with a saved card', () => {
    const facts = { ...base, isChildOfActor: true, actorPays: true };
    expect(decidePayInvoice({ id: ME, role: 'parent' }, facts, ME)).toBe('allow');
    // The other parent of the family: knows of it, is not its payer.
    expect(decidePayInvoice({ id: ME, role: 'parent' }, facts, KID)).toBe('forbidden');
    expect(decidePayInvoice({ id: ME, role: 'parent' }, base, ME)).toBe('not-found');
    expect(decidePayInvoice({ id: ME, role: 'student' }, { ...base, studentId: ME, hasParent: false, actorPays: true }, ME)).toBe('allow');
    expect(decidePayInvoice({ id: ME, role: 'admin' }, base, ME)).toBe('forbidden');
  });

  it('lets a parent, and a student without a parent, keep cards; nobody else', () => {
    expect(mayKeepCards({ id: ME, role: 'parent' }, false)).toBe(true);
    expect(mayKeepCards({ id: ME, role: 'student' }, false)).toBe(true);
    expect(mayKeepCards({ id: ME, role: 'student' }, true)).toBe(false);
    for (const role of ['admin', 'subadmin', 'superadmin', 'teacher'] as Role[]) expect(mayKeepCards({ id: ME, role }, false)).toBe(false);
  });

  it('asks staff to name the student; families have their own', () => {
    expect((['admin', 'subadmin', 'superadmin', 'teacher'] as Role[]).every((role) => mustNameStudent({ id: ME, role }))).toBe(true);
    expect((['parent', 'student'] as Role[]).some((role) => mustNameStudent({ id: ME, role }))).toBe(false);
  });
});
