import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { billingSettings, merchantAccounts, schools } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-errors.js';
import { merchantTestMode } from '../../../services/payments/gateway-for-school.js';
import { schoolZoneSql } from '../../../lib/school-clock.js';

/** What an invoice needs of its school: the name and address it prints, its clock, its billing rules. */
export type SchoolBilling = {
  adminId: string;
  schoolName: string;
  address: string[];
  phone: string;
  timeZone: string;
  currency: string;
  defaultDueDays: number;
  /** Money goes through a sandbox (merchantTestMode). */
  testMode: boolean;
};

export async function loadSchoolBilling(tx: Tx, adminId: string): Promise<SchoolBilling> {
  const [row] = await tx.select({
    schoolName: schools.schoolName, timeZone: schoolZoneSql(), address1: schools.address1, city: schools.city, state: schools.state,
    postalCode: schools.postalCode, country: schools.country, phone: schools.workingPhone,
    currency: billingSettings.currency, defaultDueDays: billingSettings.defaultDueDays,
    gateway: merchantAccounts.gateway, environment: merchantAccounts.environment,
  }).from(schools)
    .leftJoin(billingSettings, eq(billingSettings.adminId, schools.adminId))
    .leftJoin(merchantAccounts, eq(merchantAccounts.adminId, schools.adminId))
    .where(eq(schools.adminId, adminId));
  if (!row) throw notFound('School not found');
  const cityLine = [row.city, [row.state, row.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    adminId,
    schoolName: row.schoolName,
    address: [row.address1, cityLine, row.country].filter((l) => l.trim() !== ''),
    phone: row.phone,
    timeZone: row.timeZone,
    currency: row.currency ?? 'USD',
    defaultDueDays: row.defaultDueDays ?? 14,
    testMode: merchantTestMode({ gateway: row.gateway, environment: row.environment }),
  };
}
