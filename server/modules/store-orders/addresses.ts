import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { storeOrderAddresses } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { orderAddressBody } from '../../../shared/contracts/store-orders.js';
import { assertBuyer } from './cart.js';

export type AddressRow = typeof storeOrderAddresses.$inferSelect;

/** The buyer's kept address, or null before the first checkout. */
export async function addressOf(tx: Tx, userId: string): Promise<AddressRow | null> {
  const [row] = await tx.select().from(storeOrderAddresses).where(eq(storeOrderAddresses.userId, userId));
  return row ?? null;
}

/** /order/addUserOrderAddress: one address a user, replaced by the next one saved. */
export async function saveAddress(tx: Tx, actor: Actor, input: z.output<typeof orderAddressBody>): Promise<AddressRow> {
  assertBuyer(actor);
  const fields = {
    firstName: input.first_name, lastName: input.last_name, address1: input.address1, address2: input.address2 || null, city: input.city,
    state: input.state, postalCode: input.postal_code, country: input.country, phone: input.cellPhone, email: input.email,
  };
  const [row] = await tx.insert(storeOrderAddresses).values({ adminId: actor.adminId!, userId: actor.id, ...fields })
    .onConflictDoUpdate({ target: storeOrderAddresses.userId, set: { ...fields, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** /order/viewAddress. */
export async function viewAddress(tx: Tx, actor: Actor): Promise<AddressRow | null> {
  assertBuyer(actor);
  return addressOf(tx, actor.id);
}
