import { describe, expect, it } from 'vitest';
import type { Role } from '../../shared/roles.js';
import { decideInvoiceDownload, mayManageInvoices } from './invoices.js';

const SCHOOL = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const STUDENT = '33333333-3333-4333-8333-333333333333';
const PARENT = '44444444-4444-4444-8444-444444444444';
const SOMEONE = '55555555-5555-4555-8555-555555555555';
const invoice = { adminId: SCHOOL, studentId: STUDENT, payerId: PARENT };

describe('mayManageInvoices', () => {
  it.each<[Role, string | null, boolean]>([
    ['admin', SCHOOL, true], ['subadmin', SCHOOL, true], ['teacher', SCHOOL, false], ['student', SCHOOL, false],
    ['parent', SCHOOL, false], ['superadmin', null, false],
  ])('%s → %s', (role, adminId, expected) => {
    expect(mayManageInvoices({ role, adminId })).toBe(expected);
  });
});

describe('decideInvoiceDownload', () => {
  const as = (role: Role, id: string, adminId: string | null = SCHOOL) => ({ role, id, adminId });

  it('lets the office of the school download any of its invoices', () => {
    expect(decideInvoiceDownload(as('admin', SOMEONE), invoice, [])).toBe('allow');
    expect(decideInvoiceDownload(as('subadmin', SOMEONE), invoice, [])).toBe('allow');
  });

  it('lets the family billed download it: the student, the payer, a parent of the student', () => {
    expect(decideInvoiceDownload(as('student', STUDENT), invoice, [])).toBe('allow');
    expect(decideInvoiceDownload(as('parent', PARENT), invoice, [])).toBe('allow');
    expect(decideInvoiceDownload(as('parent', SOMEONE), invoice, [SOMEONE])).toBe('allow');
    // A student paying their own bill is its payer.
    expect(decideInvoiceDownload(as('student', SOMEONE), { ...invoice, studentId: SOMEONE, payerId: SOMEONE }, [])).toBe('allow');
  });

  it("answers another family's invoice as not found", () => {
    expect(decideInvoiceDownload(as('student', SOMEONE), invoice, [])).toBe('not-found');
    expect(decideInvoiceDownload(as('parent', SOMEONE), invoice, [PARENT])).toBe('not-found');
  });

  it('forbids a teacher, and answers another school’s invoice as not found to anyone of a school', () => {
    expect(decideInvoiceDownload(as('teacher', SOMEONE), invoice, [])).toBe('forbidden');
    expect(decideInvoiceDownload(as('admin', SOMEONE, OTHER), invoice, [])).toBe('not-found');
    expect(decideInvoiceDownload(as('parent', PARENT, OTHER), invoice, [])).toBe('not-found');
    expect(decideInvoiceDownload(as('superadmin', SOMEONE, null), invoice, [])).toBe('forbidden');
  });
});
