import type { Actor } from '../lib/actor.js';
import { isStaffOrProvider } from '../../shared/roles.js';

/**
 * Who may see and do what on Payment / Billing (issue 11, families pay). One place, pure
 * functions, a matrix test (billing-family.test.ts).
 *
 * - A student's payer is their parent (either parent, when there are two), or the student
 *   themself when they have no parent. The payer sees the student's invoices, pays them with a
 *   saved card of their own, and switches the student's autopay.
 * - A student with a parent sees their own invoices (each open one's pay link too: the pay page
 *   needs no session), but the saved cards and autopay are their parent's.
 * - Cards are their owner's alone: nobody adds, removes or picks another person's card.
 * - Staff read: admins, sub-admins and the superadmin any student of the school (invoices and
 *   cards), a teacher their own students' invoices (relations), not a family's cards. Staff never
 *   pay, add cards or switch autopay (403).
 * - Another family's student, or a student a teacher does not teach, is not found (404).
 */
type BillingActor = Pick<Actor, 'id' | 'role'>;

export type BillingDecision = 'allow' | 'forbidden' | 'not-found';

/** What is known of one student of the school, as the actor sees them. */
export type StudentFacts = {
  studentId: string;
  /** The student is a child of the actor (parent_children). */
  isChildOfActor: boolean;
  /** The student has at least one parent. */
  hasParent: boolean;
  /** The actor teaches the student (directly or through a class/group). */
  isTeachersOwn: boolean;
  /** The actor pays the student's invoices: relations' payer rule (payers.ts, decision 057), read by the service. */
  actorPays: boolean;
};

/** Whether the student is the actor's to know of at all; otherwise they are not found. */
function knows(actor: BillingActor, f: StudentFacts): boolean {
  switch (actor.role) {
    case 'admin':
    case 'subadmin':
    case 'superadmin':
      return true;
    case 'teacher':
      return f.isTeachersOwn;
    case 'parent':
      return f.isChildOfActor;
    case 'student':
      return f.studentId === actor.id;
    default:
      return false;
  }
}

/** The student's invoices and autopay switch: read. */
export function decideReadInvoices(actor: BillingActor, f: StudentFacts): BillingDecision {
  return knows(actor, f) ? 'allow' : 'not-found';
}

/** The saved cards that pay the student's invoices: read (a child does not see a parent's cards). */
export function decideReadCards(actor: BillingActor, f: StudentFacts): BillingDecision {
  if (!knows(actor, f)) return 'not-found';
  return isStaffOrProvider(actor.role) || f.actorPays ? 'allow' : 'forbidden';
}

/** Paying the student's invoice with a saved card, switching the student's autopay. */
export function decideActAsPayer(actor: BillingActor, f: StudentFacts): BillingDecision {
  if (!knows(actor, f)) return 'not-found';
  return f.actorPays ? 'allow' : 'forbidden';
}

/**
 * Paying one invoice with a saved card: its payer (the parent or self-paying student it is billed
 * to), with a card of their own. Another parent of the family knows of it but is not its payer.
 */
export function decidePayInvoice(actor: BillingActor, f: StudentFacts, invoicePayerId: string): BillingDecision {
  if (!knows(actor, f)) return 'not-found';
  return f.actorPays && actor.id === invoicePayerId ? 'allow' : 'forbidden';
}

/**
 * Keeping cards of one's own (add, remove, make default): a parent, or a student who pays for
 * themself (no parent). The card itself must be the actor's (checked where it is loaded).
 */
export function mayKeepCards(actor: BillingActor, actorHasParent: boolean): boolean {
  if (actor.role === 'parent') return true;
  return actor.role === 'student' && !actorHasParent;
}

/** Staff name the student whose billing they read; families may leave it out (their own). */
export const mustNameStudent = (actor: BillingActor) => isStaffOrProvider(actor.role) || actor.role === 'teacher';
