/**
 * Who an invoice is billed to: the one rule the invoice PDF, the pay page and every email about
 * the invoice read (decision 075). The party is the invoice's payer (`invoices.payer_id`, chosen
 * once by relations' `billedPayerOf` when the invoice is made: decision 057), so Lily Chen's
 * invoice paid by her mother is billed to Grace Chen wherever it shows. Pure: the caller reads
 * the two people (`peopleOf`), this decides what of them is the bill-to.
 */

/** A person as an invoice names them: its student, its payer. */
export type InvoicePersonRow = {
  id: string; firstName: string; lastName: string; email: string | null; address1: string; city: string; state: string; postalCode: string; cellPhone: string;
};

export const fullNameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

export type BillToParty = {
  /** The payer, whose name, address and phone the PDF prints and the pay page fills in. */
  person: InvoicePersonRow;
  name: string;
  email: string | null;
  /** The address as printed: the street, then "City, ST 12345"; empty lines left out. */
  address: string[];
  /** The student the invoice is for, when someone else pays it. */
  studentName: string | null;
  /**
   * Where mail about the invoice goes (sent, late fee, receipt): the payer's address of record;
   * a payer without one is written to at the student's address, one bill one inbox
   * (docs/domains/billing.md "Rules"); null when neither has an address.
   */
  mailTo: InvoicePersonRow | null;
  /** The student the mail is about, named to a recipient who is not the student; else null. */
  mailAbout: string | null;
};

export function billToPartyOf({ student, payer }: { student: InvoicePersonRow; payer: InvoicePersonRow }): BillToParty {
  const mailTo = payer.email ? payer : student.email ? student : null;
  const cityLine = [payer.city, [payer.state, payer.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    person: payer,
    name: fullNameOf(payer),
    email: payer.email,
    address: [payer.address1, cityLine].filter((l) => l.trim() !== ''),
    studentName: payer.id === student.id ? null : fullNameOf(student),
    mailTo,
    mailAbout: mailTo && mailTo.id !== student.id ? fullNameOf(student) : null,
  };
}
