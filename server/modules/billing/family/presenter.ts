import type { BillTo, FamilyInvoice, PayableInvoice, SavedCard } from '../../../../shared/contracts/billing-family.js';
import { formatInvoiceNumber, invoiceStatusOf, isExpired } from '../../../../shared/contracts/billing.js';
import { amountDueCents, dollarsOf } from '../../../../shared/money.js';

/** A saved card as its owner's family and the school see it: never more than brand, last four and expiry. */
export type SavedCardRow = {
  id: string;
  ownerId: string;
  customerProfileId: string;
  customerPaymentProfileId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  ownerFirstName: string;
  ownerLastName: string;
};

export function presentCard(row: SavedCardRow, actorId: string, now: Date): SavedCard {
  return {
    cardId: row.id,
    customerProfileId: row.customerProfileId,
    customerPaymentProfileId: row.customerPaymentProfileId,
    brand: row.brand,
    last4: row.last4,
    expMonth: String(row.expMonth).padStart(2, '0'),
    expYear: String(row.expYear),
    isDefault: row.isDefault,
    expired: isExpired(row.expMonth, row.expYear, now),
    owner: { _id: row.ownerId, first_name: row.ownerFirstName, last_name: row.ownerLastName },
    mine: row.ownerId === actorId,
  };
}

export type FamilyInvoiceRow = {
  id: string;
  number: number;
  studentId: string;
  studentFirstName: string;
  studentLastName: string;
  status: string;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  paidCents: number;
  currency: string;
  paidAt: Date | null;
  payerId: string;
};

export function presentFamilyInvoice(row: FamilyInvoiceRow, today: string, payLink: string | null, actorId: string): FamilyInvoice {
  return {
    _id: row.id,
    invoiceNo: formatInvoiceNumber(row.number),
    student: { _id: row.studentId, first_name: row.studentFirstName, last_name: row.studentLastName },
    status: invoiceStatusOf(row, today),
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    total: dollarsOf(row.totalCents),
    paid: dollarsOf(row.paidCents),
    balance: dollarsOf(amountDueCents(row.totalCents, row.paidCents)),
    currency: row.currency,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    payLink: row.status === 'open' ? payLink : null,
    payerIsYou: row.payerId === actorId,
  };
}

export type PayableRow = {
  number: number;
  status: string;
  totalCents: number;
  paidCents: number;
  currency: string;
  dueOn: string;
  adminId: string;
  schoolName: string;
  schoolCountry: string;
  student: Omit<BillTo, 'country'>;
};

/** docs/domains/billing.md "Data and calls"'s "Payable invoice". Users keep no country: the school's stands in for the bill-to's. */
export function presentPayable(row: PayableRow, testMode: boolean): PayableInvoice {
  return {
    invoiceNo: formatInvoiceNumber(row.number),
    dueDeposit: dollarsOf(amountDueCents(row.totalCents, row.paidCents)),
    total: dollarsOf(row.totalCents),
    currency: row.currency,
    dueDate: row.dueOn,
    status: row.status === 'paid' ? 'paid' : row.status === 'void' ? 'void' : 'open',
    testMode,
    adminId: { id: row.adminId, school_name: row.schoolName },
    studentId: { ...row.student, country: row.schoolCountry },
  };
}
